#!/usr/bin/env bash
# The main job: installs everything, then prints real, printable results into output/:
# a pad of verified Captain's Curse islands, a Swashbuckle scorecard pad, the printable parts
# of Voodoo Pirate, Shipwrecked! and The Curse of the Black Dice, and the rulebooks of all five games.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
sg=.venv/bin/sheetgen
mkdir -p output
$sg pad captains-curse --count 12 --seed 7 --jobs 2 -o output/captains-curse-pad.pdf
$sg render swashbuckle/scorecard --count 20 --set show_par=true --quiet \
  -o output/swashbuckle-scorecard-pad.pdf
$sg pad voodoo -o output/voodoo-pirate.pdf --quiet
$sg pad shipwrecked -o output/shipwrecked.pdf --quiet
$sg pad black-dice -o output/black-dice.pdf --quiet
$sg rulebook --all -o output/rulebooks
echo
echo "sheetgen: printable results in output/:"
echo "  output/captains-curse-pad.pdf         12 different islands, each proved winnable (A4)"
echo "  output/swashbuckle-scorecard-pad.pdf  20 scorecards, 2 per A4 sheet, with cut marks"
echo "  output/voodoo-pirate.pdf              Voodoo Pirate: board tiled over A4, ship mats, cards with backs, aids, tokens"
echo "  output/shipwrecked.pdf                Shipwrecked!: island tiles, dice stickers, score pad, rules card"
echo "  output/black-dice.pdf                 The Curse of the Black Dice: quest and pirate tiles, tokens with backs, dice stickers"
echo "  output/rulebooks/                     rulebooks of all five games (A4)"
