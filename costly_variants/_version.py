"""The package's version: on the ground floor, so that any stage may name it without importing the package
root (which stands above every stage). Hatch reads it from here (``[tool.hatch.version]``)."""

__version__ = "0.1.0"
