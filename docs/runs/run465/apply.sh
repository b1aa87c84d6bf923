#!/usr/bin/env bash
# Applies item 279's library form to this tree and prints the patch applied (runs 465 and 466 revert
# it with `git apply -R`): staged.patch on a tree without item 278 (made against beee913),
# staged_on_quad.patch on one with run 462's quad.patch applied or committed (the same change, its
# rows_step merged with the quad butterfly's; a quad pass's second step past the group's rows has
# no window and waits on no barrier).
for P in docs/runs/run465/staged.patch docs/runs/run465/staged_on_quad.patch; do
  if git apply --check "$P" 2> /dev/null; then
    git apply "$P" && echo "$P" && exit 0
  fi
done
echo "neither docs/runs/run465/staged.patch nor staged_on_quad.patch applies to this tree" >&2
exit 1
