"""The ninth-age special rules, one module each (the five Special Attacks of seed 001 each in
its own); importing the package registers them."""

import importlib
import pkgutil

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")
