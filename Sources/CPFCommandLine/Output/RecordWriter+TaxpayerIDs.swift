import CPFKit
import CPFSystem

/// The JSON and CSV records of `check --document cnpj|any`: a CPF's or a
/// CNPJ's verdict, its kind named in `document`.
extension RecordWriter {
    /// `{"source":"-","line":1,"input":"12.ABC.345/01DE-35","valid":true,"document":"cnpj","cnpj":"12ABC34501DE35"}`;
    /// an invalid input has `document` (the kind it was read as), `reason` and `message`.
    static func writeTaxpayerIDJSON(
        source: UnsafeRawBufferPointer, line: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<TaxpayerID, TaxpayerID.ValidationError>, to out: OutputBuffer
    ) {
        var object = JSONObjectWriter(to: out)
        object.string("source", source)
        object.number("line", line)
        object.string("input", input, isTruncated: isTruncated)
        switch result {
        case .success(let number):
            object.bool("valid", true)
            object.string("document", number.kind.rawValue)
            switch number {
            case .cpf(let cpf): object.string("cpf", cpf.digits)
            case .cnpj(let cnpj): object.string("cnpj", cnpj.characters)
            }
        case .failure(let error):
            object.bool("valid", false)
            object.string("document", error.kind.rawValue)
            object.string("reason", error.code)
            object.string("message", error.description)
        }
        object.end()
    }

    /// `-,1,12.ABC.345/01DE-35,true,cnpj,12ABC34501DE35,,` under the header
    /// `source,line,input,valid,document,number,reason,message`.
    static func writeTaxpayerIDCSV(
        source: UnsafeRawBufferPointer, line: Int, input: UnsafeRawBufferPointer, isTruncated: Bool,
        result: Result<TaxpayerID, TaxpayerID.ValidationError>, to out: OutputBuffer
    ) {
        writeCSVRow(source: source, line: line, to: out) {
            writeReadableCSVField(input, isTruncated: isTruncated, to: out)
            switch result {
            case .success(let number):
                out.write(",true," + number.kind.rawValue + "," + number.characters + ",,\n")
            case .failure(let error):
                out.write(",false," + error.kind.rawValue + ",,")
                writeCSVReason(code: error.code, message: error.description, to: out)
            }
        }
    }
}
