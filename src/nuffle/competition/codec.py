"""Compact JSON text for protocol messages, with the standard library's C encoder and scanner
built once (`json.dumps` and `json.loads` set them up again on every call, which costs more
than encoding or parsing a typical request)."""

from __future__ import annotations

import json
import json.encoder
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any

_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)
_DECODER = json.JSONDecoder()


def _c_dumps() -> Callable[[Any], str]:
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # no C accelerator: the plain encoder
        return _ENCODER.encode
    encode = make(None, _ENCODER.default, json.encoder.encode_basestring_ascii, None, ":", ",",
                  False, False, True)

    def dumps(obj: Any) -> str:
        return "".join(encode(obj, 0))

    return dumps


#: `obj` as compact JSON text (what `json.dumps(obj, separators=(",", ":"))` writes).
dumps: Callable[[Any], str] = _c_dumps()
_scan: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]


#: The deepest nesting of arrays and objects `loads` reads (protocol messages need a few).
MAX_DEPTH = 64
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings skipped)."""
    brackets = _BRACKET.findall(_STRING.sub("", text))
    return max(accumulate(_STEP[b] for b in brackets), default=0)


def loads(text: str) -> Any:
    """Parse JSON text, as `json.loads` does (raises json.JSONDecodeError), refusing text
    nested deeper than MAX_DEPTH (also a json.JSONDecodeError), however deep it goes."""
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(text) > MAX_DEPTH:
        raise json.JSONDecodeError(f"nested deeper than {MAX_DEPTH} arrays and objects", text, 0)
    try:
        obj, end = _scan(text, 0)
    except RecursionError:  # not reached after the depth check; kept as a last guard
        raise json.JSONDecodeError("nested too deeply", text, 0) from None
    except StopIteration:
        return _DECODER.decode(text)  # leading blanks, or the parser's own error message
    if end != len(text) and text[end:].strip():
        return _DECODER.decode(text)  # raises "Extra data"
    return obj
