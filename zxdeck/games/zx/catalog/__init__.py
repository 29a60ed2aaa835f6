"""The Z/X parts of the catalog: the ability schema and its checker, the card text renderer, the
importer of other card lists and the synthetic catalogs (the catalog machinery is zxdeck.catalog)."""
