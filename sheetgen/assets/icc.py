"""The press profile sheetgen prints CMYK for, and the colour conversion through it.

`icc/sheetgen-fogra39l.icc` is a CMYK output profile for offset on coated paper (the FOGRA39
condition, ISO 12647-2), computed from Fogra's CC0 characterisation data as colord builds
its FOGRA39L_coated profile (`tools/assets/make_cmyk_profile.py` says how, and
`LICENSES.md` why its licence lets it ship). PDF/X files embed it as their output intent.

Colours are converted by littleCMS (Pillow's ImageCms) from sRGB with the **relative
colorimetric** intent and **black point compensation**: a flat design colour that the press
can print (the palette, pirate red) keeps its measured colour exactly, only colours outside
the press's gamut are clipped to its edge, and black maps to the press's deepest black
instead of clipping the shadows. Perceptual would compress every colour towards the middle
to make room for photographs' out-of-gamut colours, dulling flat colours that fit as they are.

Conversions are cached: a sheet repeats a handful of colours thousands of times.
"""

from __future__ import annotations

from functools import lru_cache

from sheetgen.resources import package_path

PROFILE_FILE = "sheetgen-fogra39l.icc"
OUTPUT_CONDITION_IDENTIFIER = "FOGRA39"
"""The ICC registry's name of the printing condition the profile characterises."""
OUTPUT_CONDITION = "Offset printing on coated paper (FOGRA39L, ISO 12647-2:2004/Amd 1)"
REGISTRY_NAME = "http://www.color.org"

NEAR_BLACK = 0.2
"""An RGB colour is near-black when no channel is above this (51/255) ..."""
NEUTRAL = 0.06
"""... and its channels differ by at most this (15/255): `ink` #1f1a17 and #333333 are
black, dark navy #1d3557 is not. Near-black text and thin lines print in black ink alone."""


def profile_path():
    return package_path("assets", "icc", PROFILE_FILE)


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    return profile_path().read_bytes()


@lru_cache(maxsize=1)
def _transform():
    from PIL import ImageCms

    press = ImageCms.getOpenProfile(str(profile_path()))
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), press, "RGB", "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def image_to_cmyk(image):
    """A Pillow image (any mode without alpha; converted to RGB first) as CMYK inks."""
    from PIL import ImageCms

    if image.mode != "RGB":
        image = image.convert("RGB")
    return ImageCms.applyTransform(image, _transform())


@lru_cache(maxsize=4096)
def _inks8(r: int, g: int, b: int) -> tuple[float, float, float, float]:
    from PIL import Image

    pixel = image_to_cmyk(Image.new("RGB", (1, 1), (r, g, b))).getpixel((0, 0))
    return tuple(round(v / 255, 4) for v in pixel)  # type: ignore[return-value]


def rgb_to_cmyk(rgb: tuple[float, ...]) -> tuple[float, float, float, float]:
    """Inks (0..1) for an sRGB colour (channels 0..1), through the press profile. The
    transform is 8 bits a channel (ImageCms's), so colours are taken to the nearest 1/255."""
    r, g, b = (min(255, max(0, round(v * 255))) for v in rgb[:3])
    return _inks8(r, g, b)


def near_black(rgb: tuple[float, ...]) -> bool:
    r, g, b = rgb[:3]
    return max(r, g, b) <= NEAR_BLACK and max(r, g, b) - min(r, g, b) <= NEUTRAL
