"""Battle reports: a save studied in one pass (:mod:`game.report.study`), the luck of each
side's dice (:mod:`game.report.luck`), pictures of the table by the window's renderer
(:mod:`game.report.pictures`), the luck graph as SVG (:mod:`game.report.charts`) and the page
(:mod:`game.report.page`); ``run.py report`` (:mod:`game.report.cli`)."""
