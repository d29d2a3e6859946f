#!/usr/bin/env bash
# The main job: installs everything, then prints real, printable results into output/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
sg=.venv/bin/sheetgen
mkdir -p output
$sg render swashbuckle/scorecard --count 20 --quiet -o output/swashbuckle-scorecard-pad.pdf
echo "sheetgen: wrote output/swashbuckle-scorecard-pad.pdf (20 scorecards, 10 A4 sheets)"
