-- What the lookups rely on (see private.assert_catalog_integrity in 20_ingredients.sql), checked on the rows above.
select private.assert_catalog_integrity();
