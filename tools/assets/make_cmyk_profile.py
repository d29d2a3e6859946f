"""Regenerate sheetgen's CMYK press profile, sheetgen/assets/icc/sheetgen-fogra39l.icc.

Run from the repository root: `.venv/bin/python tools/assets/make_cmyk_profile.py`. Needs
ArgyllCMS's `colprof` (Debian: `apt-get install argyll`); sheetgen itself never needs it.
Takes about a minute.

Why this profile, made this way:
- A PDF/X-4 file must embed the ICC profile of the press it is made for, so sheetgen has to
  ship one. Debian's icc-profiles-free has no CMYK profile, Ghostscript's are AGPL, and the
  ECI/FOGRA profiles may be passed on only unmodified under ECI's own terms. Debian's colord
  packages do not ship the print profiles colord can build (bookworm's `colord` and
  `colord-data` 1.4.6 contain no /usr/share/color/icc/colord/*.icc: colord builds them only
  with `-Dprint_profiles=true`, which needs colprof).
- colord's source carries the FOGRA39L characterisation data (Fogra's measurements of offset
  on coated paper, ISO 12647-2) in data/profiles/FOGRA39L_coated.iccprofile.xml, declared
  CC0 ("free of known copyright restrictions"; Debian's copyright file for colord lists
  data/profiles/* as CC0-1.0). `FOGRA39L.ti3` beside this script is that file's <data_ti3>
  element, unchanged (colord commit f5220d8ec5811f5ba20d3f0eb54f30a57df1bc22).
- The profile is built exactly as colord's `cd-create-profile` builds FOGRA39L_coated.icc:
  `colprof -nc -qm -bm -kp 0 0.3 0.94 0.94 0.48 -l300` (medium quality tables, colord's black
  generation curve, 300 % total ink). colprof is AGPL, but the licence covers the program, not
  the profiles it computes from our data; the profile is released under CC0 like its data.
- colprof stamps the build time into the ICC header; it is replaced with a fixed date so
  that the same data gives the same bytes.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "cmyk-profile" / "FOGRA39L.ti3"
OUT = ROOT / "sheetgen" / "assets" / "icc" / "sheetgen-fogra39l.icc"
DESCRIPTION = "sheetgen FOGRA39L coated (CC0)"
COPYRIGHT = "No copyright: CC0 1.0 (data: FOGRA39L via colord)"
HEADER_DATE = (2026, 11, 25, 0, 0, 0)
COLPROF = ["-nc", "-qm", "-bm", "-kp", "0", "0.3", "0.94", "0.94", "0.48", "-l300"]


def fixed_date(profile: bytes) -> bytes:
    """The ICC header's creation date (bytes 24-35) set to HEADER_DATE."""
    return profile[:24] + struct.pack(">6H", *HEADER_DATE) + profile[36:]


def main() -> int:
    colprof = shutil.which("colprof")
    if colprof is None:
        print("colprof not found: apt-get install argyll", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(DATA, Path(tmp) / "FOGRA39L.ti3")
        subprocess.run([colprof, *COLPROF, "-D", DESCRIPTION, "-C", COPYRIGHT,
                        "-O", "profile.icc", "FOGRA39L"], cwd=tmp, check=True)
        profile = (Path(tmp) / "profile.icc").read_bytes()
    OUT.write_bytes(fixed_date(profile))
    print(f"wrote {OUT.relative_to(ROOT)}: {len(profile)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
