#!/bin/sh
# Stryker's command runner for the edge functions (supabase/functions/stryker.config.mjs), run
# in Stryker's sandbox copy of supabase/functions: the Deno unit and handler tests as
# scripts/test-functions.ts runs them, with two differences: no type check (a mutant is judged
# by the tests, not by tsc) and read access to the one variable naming the active mutant.
# With a mutant active, only the suite of the folder holding it runs (a mutant of _shared, every
# suite), found by the mutant's id in the instrumented sources; the first failure ends the run.
set -e
deno="${CHISMES_DENO:?CHISMES_DENO names the deno binary}"
export DENO_NO_PACKAGE_JSON=1 NO_COLOR=1
flags="--no-prompt --no-check --quiet --allow-env=__STRYKER_ACTIVE_MUTANT__"
folders="chisme-image _shared log-country chisme-image-url chisme-image-purge"
if [ -n "${__STRYKER_ACTIVE_MUTANT__:-}" ]; then
  holder=$(grep -l "(\"${__STRYKER_ACTIVE_MUTANT__}\")" */*.ts | head -n 1)
  case "$holder" in
    _shared/*|'') ;;
    *) folders="${holder%%/*}" ;;
  esac
fi
for folder in $folders; do
  if [ "$folder" = _shared ]; then
    (cd _tests && "$deno" test $flags --allow-read=.. ../_shared)
  else
    (cd "$folder" && "$deno" test $flags --allow-read=.)
  fi
done
