"""Builds the optional native extension `nuffle._native` (C++20, pybind11); the rest of the
package is configured in pyproject.toml.

A failed compile never fails the install: the package then runs on the Python engine, and the
reason is written beside the package (`_native_build_error.txt`) so that asking for the native
engine can say why it is missing (see nuffle/core/engines.py)."""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOTE = "_native_build_error.txt"
HERE = Path(__file__).parent

try:
    import pybind11

    PYBIND11_INCLUDE: str | None = pybind11.get_include()
except ImportError:
    PYBIND11_INCLUDE = None

FLAGS = ["-std=c++20", "-O2", "-g0", "-ffp-contract=off", "-Wall", "-Wextra", "-Werror", "-fvisibility=hidden"]


class OptionalBuildExt(build_ext):
    """build_ext that records why the native extension could not be built instead of failing."""

    def _notes(self, ext: Extension) -> list[Path]:
        """Where the reason goes: beside the built module, and for an editable install also in
        the source package, where the installed package is read from."""
        notes = [Path(self.get_ext_fullpath(ext.name)).parent / NOTE]
        if getattr(self, "editable_mode", False) or self.inplace:
            notes.append(HERE / "src" / "nuffle" / NOTE)
        return notes

    def _up_to_date_copy(self, ext: Extension) -> bool:
        """For an editable install, reuse the module already built beside the sources when it is
        newer than every source, header and build setting (a second `pip install -e` then does
        not compile again); True when it was copied to where the build expects it."""
        if not getattr(self, "editable_mode", False):
            return False
        built = HERE / "src" / self.get_ext_filename(ext.name)
        inputs = [HERE / p for p in [*ext.sources, *ext.depends]] + [HERE / "setup.py", HERE / "pyproject.toml"]
        if not built.exists() or any(p.stat().st_mtime >= built.stat().st_mtime for p in inputs):
            return False
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))
        print(f"{ext.name}: reusing {built.relative_to(HERE)} (newer than its sources)")
        return True

    def build_extension(self, ext: Extension) -> None:
        notes = self._notes(ext)
        if self._up_to_date_copy(ext):
            for note in notes:
                if note.exists():
                    note.unlink()
            return
        try:
            if PYBIND11_INCLUDE is None:
                raise RuntimeError("pybind11 is not installed where the package was built")
            ext.extra_compile_args = [*FLAGS, "-isystem", PYBIND11_INCLUDE]
            super().build_extension(ext)
        except Exception as exc:  # a missing or failing compiler: fall back to the Python engine
            reason = " ".join(str(exc).split()) or type(exc).__name__
            for note in notes:
                note.parent.mkdir(parents=True, exist_ok=True)
                note.write_text(f"building {ext.name} failed: {reason}\n")
            print(f"warning: {ext.name} was not built ({reason}); nuffle will use its Python engine")
        else:
            for note in notes:
                if note.exists():
                    note.unlink()

    def get_outputs(self) -> list[str]:
        # Only what was actually built (a failed extension leaves its note instead).
        outputs = [p for p in super().get_outputs() if os.path.exists(p)]
        for ext in self.extensions:
            note = Path(self.get_ext_fullpath(ext.name)).parent / NOTE
            if note.exists():
                outputs.append(str(note))
        return outputs


setup(
    ext_modules=[
        Extension(
            "nuffle._native",
            sources=["native/src/module.cpp"],
            include_dirs=["native/include"],
            depends=[str(p.relative_to(HERE)) for p in sorted((HERE / "native").rglob("*.hpp"))],
            language="c++",
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
