"""Compact JSON text for protocol messages, with the standard library's C encoder and scanner
built once (`json.dumps` and `json.loads` set them up again on every call, which costs more
than encoding or parsing a typical request)."""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
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


def loads(text: str) -> Any:
    """Parse JSON text, as `json.loads` does (raises json.JSONDecodeError)."""
    try:
        obj, end = _scan(text, 0)
    except StopIteration:
        return _DECODER.decode(text)  # leading blanks, or the parser's own error message
    if end != len(text) and text[end:].strip():
        return _DECODER.decode(text)  # raises "Extra data"
    return obj
