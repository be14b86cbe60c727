"""Which policies a web game's bot may load (`policy?model=NAME`): the bundled policies by name,
and the `.pt` files of one folder the server is given (`nuffle serve --models DIR`, or the
NUFFLE_WEB_MODELS environment variable), by file name. Nothing else on the server's disks is
reachable, and a refusal never says whether some file exists."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from urllib.parse import quote

from nuffle.agents.registry import parse_bot_spec
from nuffle.core.errors import InputError

#: The environment variable naming the server's models folder.
MODELS_ENV = "NUFFLE_WEB_MODELS"


def bundled_names() -> list[str]:
    """The bundled policies' names (`b1`, `b3`, ...)."""
    folder = resources.files("nuffle") / "data" / "policies"
    return sorted(Path(str(p)).stem for p in folder.iterdir() if str(p).endswith(".pt"))


def models_folder() -> Path | None:
    """The server's models folder, if one is configured."""
    folder = os.environ.get(MODELS_ENV)
    return Path(folder) if folder else None


def _in_folder(name: str) -> Path | None:
    """The file `name` of the models folder: a plain `.pt` file name, no path."""
    folder = models_folder()
    if folder is None or not name.endswith(".pt") or name != Path(name).name or name.startswith("."):
        return None
    path = folder / name
    return path if path.is_file() else None


def check_model(name: str) -> None:
    """InputError unless `name` is a bundled policy or a file of the models folder. The
    message lists what may be named, never what exists elsewhere."""
    if name in bundled_names() or _in_folder(name) is not None:
        return
    folder = " or a .pt file name of the server's models folder" if models_folder() else ""
    raise InputError(f"model {name!r} is not one of this server's policies: name a bundled policy "
                     f"({', '.join(bundled_names())}){folder}")


def checked_spec(bot: str) -> str:
    """`bot` with its `model` option checked (InputError), unchanged."""
    _, options = parse_bot_spec(bot)
    if "model" in options:
        check_model(options["model"])
    return bot


def loadable_spec(bot: str) -> str:
    """`bot` as `make_agent` takes it on this server: a models-folder policy named by its path
    (a bundled name stays a name; the stored spec keeps the plain name)."""
    name, options = parse_bot_spec(bot)
    model = options.get("model")
    if model is None or model in bundled_names():
        return bot
    path = _in_folder(model)
    if path is None:
        check_model(model)  # raises: the folder changed since the game began
        return bot
    options["model"] = str(path.resolve())
    return name + "?" + "&".join(f"{k}={quote(v, safe='/')}" for k, v in options.items())
