"""Which files a web game's bot may load: a policy (`policy?model=NAME`) is a bundled policy by
name or a `.pt` file of one folder the server is given (`nuffle serve --models DIR`, or the
NUFFLE_WEB_MODELS environment variable), by file name; grod's values (`grod?values=NAME`) are a
`.json` file of that folder, by file name. Nothing else on the server's disks is reachable, and
a refusal never says whether some file exists."""

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


#: Bot options that name a file, and the file name ending each must have.
FILE_OPTIONS = {"model": ".pt", "values": ".json"}


def _in_folder(name: str, suffix: str = ".pt") -> Path | None:
    """The file `name` of the models folder: a plain file name ending in `suffix`, no path."""
    folder = models_folder()
    if folder is None or not name.endswith(suffix) or name != Path(name).name or name.startswith("."):
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


def check_values(name: str) -> None:
    """InputError unless `name` is a `.json` file of the models folder (grod's `values`). The
    message never says what exists elsewhere."""
    if _in_folder(name, FILE_OPTIONS["values"]) is not None:
        return
    where = ("a .json file name of the server's models folder" if models_folder()
             else "nothing: this server has no models folder")
    raise InputError(f"values file {name!r} is not one of this server's files: it may name {where}")


def checked_spec(bot: str) -> str:
    """`bot` with its file options (`model`, `values`) checked (InputError), unchanged."""
    _, options = parse_bot_spec(bot)
    if "model" in options:
        check_model(options["model"])
    if options.get("values"):
        check_values(options["values"])
    return bot


def loadable_spec(bot: str) -> str:
    """`bot` as `make_agent` takes it on this server: the file options of the models folder
    named by their paths (a bundled policy's name stays a name; the stored spec keeps the plain
    names). InputError where a named file has left the folder since the game began."""
    checked_spec(bot)
    name, options = parse_bot_spec(bot)
    changed = False
    for key, suffix in FILE_OPTIONS.items():
        value = options.get(key)
        if not value or (key == "model" and value in bundled_names()):
            continue
        path = _in_folder(value, suffix)
        if path is not None:
            options[key] = str(path.resolve())
            changed = True
    if not changed:
        return bot
    return name + "?" + "&".join(f"{k}={quote(v, safe='/')}" for k, v in options.items())
