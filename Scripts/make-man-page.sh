#!/bin/sh
# Rewrites docs/cpf.1 from the command definitions (what 'cpf help --man'
# prints). A test fails when the committed page is not the generated one.
set -eu
cd "$(dirname "$0")/.."
swift build --product cpf
.build/debug/cpf help --man > docs/cpf.1
echo "docs/cpf.1 written"
