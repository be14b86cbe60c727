"""A request's body read while it streams in, refused (WebError 413) as soon as it passes a
limit or its Content-Length says it will: the JSON bodies (`app`) and the arena's uploads."""

from __future__ import annotations

from fastapi import Request

from nuffle.web.manager import WebError


async def read_body(request: Request, limit: int, too_large: str) -> bytes:
    """The body, at most `limit` bytes; WebError(413, `too_large`) past it."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise WebError(413, too_large)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise WebError(413, too_large)
        chunks.append(chunk)
    return b"".join(chunks)
