-- An item is shown only in a language where it has its content (shared-contracts
-- missingToShow: courses and formations need title, description and image; modules title and
-- description; classes title and content). The API now refuses the rest; this hides, once, the
-- languages switched on before that without their content (each a blank card on the public site).
-- Rich text is empty once its tags and non-breaking spaces are gone, unless it embeds media.
DO $$
DECLARE
  l text;
  blank text := '(coalesce(btrim(%1$s ->> %2$L), '''') = '''')';
  blank_rich text := '(coalesce(%1$s ->> %2$L, '''') !~* ''<(img|iframe|video|audio)\M'' AND '
    || 'btrim(regexp_replace(regexp_replace(coalesce(%1$s ->> %2$L, ''''), ''<[^>]*>'', '''', ''g''), '
    || '''&nbsp;|\s'', '''', ''gi''), '' '' || chr(160)) = '''')';
BEGIN
  FOREACH l IN ARRAY ARRAY['es', 'en', 'fr'] LOOP
    EXECUTE format('UPDATE courses SET visible = visible || jsonb_build_object(%1$L, false) WHERE visible ->> %1$L = ''true'' AND (%2$s OR %3$s OR %4$s)',
      l, format(blank, 'title', l), format(blank_rich, 'description', l), format(blank, 'image', l));
    EXECUTE format('UPDATE formations SET visible = visible || jsonb_build_object(%1$L, false) WHERE visible ->> %1$L = ''true'' AND (%2$s OR %3$s OR %4$s)',
      l, format(blank, 'title', l), format(blank_rich, 'description', l), format(blank, 'image', l));
    EXECUTE format('UPDATE formation_modules SET visible = visible || jsonb_build_object(%1$L, false) WHERE visible ->> %1$L = ''true'' AND (%2$s OR %3$s)',
      l, format(blank, 'title', l), format(blank_rich, 'description', l));
    EXECUTE format('UPDATE course_classes SET visible = visible || jsonb_build_object(%1$L, false) WHERE visible ->> %1$L = ''true'' AND (%2$s OR %3$s)',
      l, format(blank, 'title', l), format(blank_rich, 'content', l));
    EXECUTE format('UPDATE formation_classes SET visible = visible || jsonb_build_object(%1$L, false) WHERE visible ->> %1$L = ''true'' AND (%2$s OR %3$s)',
      l, format(blank, 'title', l), format(blank_rich, 'content', l));
  END LOOP;
END
$$;
