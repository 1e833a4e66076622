#!/bin/sh
# Dev tool: GRC import coverage over a folder of .grc files (default: GNU Radio's 280 examples).
# Imports, validates and runs each headless (in a temporary copy); prints the table and writes
# engine/target/grc-coverage.md. Usage: tools/grc/coverage.sh [DIR]
set -e
cd "$(dirname "$0")/../.."
DIR=$(cd "${1:-/work/shared/grc-examples}" && pwd)
mvn -B -ntp -o -q -pl engine -am test -Dtest=GrcCoverageTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dsigflow.grc.coverage="$DIR" >/dev/null
cat engine/target/grc-coverage.md
echo "(per considered file, its unmapped GRC blocks: engine/target/grc-coverage-files.tsv)"
