/*
 * check_ref.c: the benchmark's C reference for `cpf check`.
 *
 * A plain line validator written the obvious way, so that `Scripts/bench.py`
 * can compare `cpf check` with what a C programmer would write in an
 * afternoon: read(2) in 1 MiB blocks, memchr(3) to find each newline, one
 * small function per line, built with `gcc -O2`.
 *
 *     check_ref    < file     prints "VALID INVALID", the two line counts
 *     check_ref -v < file     prints the valid lines, as `cpf check --valid`
 *
 * The rule is the lenient one of docs/reference.md#input-rules-and-reasons: after trimming spaces,
 * tabs and carriage returns at both ends, a line holds exactly 11 ASCII
 * digits and nothing else but '.', '-' and ' ' among them; the ten numbers of
 * one repeated digit are refused; both check digits must match.
 *
 * Lines end at '\n'; a '\r' before it is trimmed like any trailing blank. A
 * last line without a newline counts, and `-v` ends it with one, as
 * `cpf check --valid` does. A line longer than the buffer makes the buffer
 * grow, so every line is judged whole.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK (1u << 20)

static unsigned char out_buffer[1 << 16];
static size_t out_used;

static void write_all(const unsigned char *bytes, size_t count)
{
    while (count > 0) {
        ssize_t done = write(STDOUT_FILENO, bytes, count);
        if (done < 0) {
            if (errno == EINTR)
                continue;
            perror("check_ref: write");
            exit(2);
        }
        bytes += done;
        count -= (size_t)done;
    }
}

static void flush_output(void)
{
    write_all(out_buffer, out_used);
    out_used = 0;
}

static void emit(const unsigned char *bytes, size_t count)
{
    if (count > sizeof out_buffer - out_used)
        flush_output();
    if (count > sizeof out_buffer) {
        write_all(bytes, count);
        return;
    }
    memcpy(out_buffer + out_used, bytes, count);
    out_used += count;
}

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* The check digit that follows the first `length` digits (9 or 10): weights
   length + 1 down to 2, the sum modulo 11, a remainder under 2 giving 0. */
static int check_digit(const unsigned char *digits, int length)
{
    int sum = 0;
    for (int i = 0; i < length; i++)
        sum += digits[i] * (length + 1 - i);
    int remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
}

static int is_valid(const unsigned char *start, size_t length)
{
    const unsigned char *end = start + length;
    while (start < end && is_blank(*start))
        start++;
    while (end > start && is_blank(end[-1]))
        end--;

    unsigned char digits[11];
    int count = 0;
    for (const unsigned char *p = start; p < end; p++) {
        if (*p >= '0' && *p <= '9') {
            if (count == 11)
                return 0;
            digits[count++] = (unsigned char)(*p - '0');
        } else if (*p != '.' && *p != '-' && *p != ' ') {
            return 0;
        }
    }
    if (count != 11)
        return 0;

    int all_same = 1;
    for (int i = 1; i < 11; i++)
        if (digits[i] != digits[0])
            all_same = 0;
    if (all_same)
        return 0;

    return digits[9] == check_digit(digits, 9) && digits[10] == check_digit(digits, 10);
}

static long valid_lines, invalid_lines;
static int print_valid;

static void take_line(const unsigned char *line, size_t length)
{
    if (!is_valid(line, length)) {
        invalid_lines++;
        return;
    }
    valid_lines++;
    if (print_valid) {
        emit(line, length);
        emit((const unsigned char *)"\n", 1);
    }
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "-v") == 0) {
        print_valid = 1;
    } else if (argc != 1) {
        fprintf(stderr, "usage: check_ref [-v] < lines\n");
        return 2;
    }

    size_t capacity = BLOCK, held = 0;
    unsigned char *buffer = malloc(capacity);
    if (buffer == NULL) {
        perror("check_ref: malloc");
        return 2;
    }

    for (;;) {
        ssize_t got = read(STDIN_FILENO, buffer + held, capacity - held);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            perror("check_ref: read");
            return 2;
        }
        if (got == 0)
            break;
        held += (size_t)got;

        unsigned char *line = buffer, *stop = buffer + held, *newline;
        while ((newline = memchr(line, '\n', (size_t)(stop - line))) != NULL) {
            take_line(line, (size_t)(newline - line));
            line = newline + 1;
        }
        held = (size_t)(stop - line);
        memmove(buffer, line, held);

        if (held == capacity) {
            capacity *= 2;
            unsigned char *bigger = realloc(buffer, capacity);
            if (bigger == NULL) {
                perror("check_ref: realloc");
                return 2;
            }
            buffer = bigger;
        }
    }
    if (held > 0)
        take_line(buffer, held);

    if (print_valid)
        flush_output();
    else
        printf("%ld %ld\n", valid_lines, invalid_lines);
    free(buffer);
    return 0;
}
