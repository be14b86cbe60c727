"""Sphinx configuration: the API reference (docs/reference/, generated from the docstrings by
autodoc) with the Markdown docs as its guide pages (MyST). Built with warnings as errors by
tests/test_api_reference.py: `python -m sphinx -W -b html docs docs/_build`."""

from __future__ import annotations

import nuffle

project = "nuffle"
release = nuffle.__version__
version = ".".join(release.split(".")[:2])
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "rl", "web", "reference/_*"]
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_inherit_docstrings = False  # a third-party base's docstring (gymnasium's) is not ours
default_role = "code"  # `name` in a docstring is code, as in the Markdown docs
# The guide pages are GitHub Markdown: links to source files and heading levels that skip are
# fine there; everything the reference itself says must build clean.
suppress_warnings = ["myst.header", "myst.xref_missing", "myst.xref_ambiguous", "misc.highlighting_failure"]
myst_heading_anchors = 3
html_theme = "alabaster"
