#!/bin/sh
# generate.sh VERSION: writes the release fixture of schema VERSION into
# storage/releasetest/testdata/vVERSION by the bot of the commit releases.txt names for it.
#
# It checks that commit out into a temporary git worktree, copies the generator releases.txt names
# (Go test files written against that commit's own code) into its bot/ folder, and runs it there: the
# generator plays a scripted history through that release's bot and fake Discord and writes the
# database, its exports and manifest.json. The worktree is removed afterwards. Needs git and Go;
# the Go module proxy is asked for the modules that commit needs when they are not cached.
set -eu
if [ $# -ne 1 ]; then
	echo "usage: $0 VERSION (one of: $(grep -v '^#' "$(dirname "$0")/releases.txt" | cut -d' ' -f1 | tr '\n' ' '))" >&2
	exit 2
fi
version=$1
gen=$(cd "$(dirname "$0")" && pwd)
line=$(grep "^$version " "$gen/releases.txt" || true)
if [ -z "$line" ]; then
	echo "$0: releases.txt names no release of schema $version" >&2
	exit 2
fi
commit=$(echo "$line" | cut -d' ' -f2)
src=$gen/$(echo "$line" | cut -d' ' -f3)
repo=$(git -C "$gen" rev-parse --show-toplevel)
out=$repo/storage/releasetest/testdata/v$version
work=$(mktemp -d "${TMPDIR:-/tmp}/release-fixture-v$version.XXXXXX")
cleanup() {
	git -C "$repo" worktree remove --force "$work/src" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
git -C "$repo" worktree add --detach --quiet "$work/src" "$commit"
cp "$src"/*_test.go "$work/src/bot/"
echo "writing the fixture of schema $version with the bot of $(git -C "$repo" log -1 --format='%h %ad %s' --date=short "$commit")"
if ! (cd "$work/src" && go test ./bot -run '^TestWriteReleaseFixture$' -count=1 -timeout 60m -args -release-fixture-out="$work/out" -release-fixture-schema="$version"); then
	echo "$0: the generator failed; $out is unchanged" >&2
	exit 1
fi
rm -rf "$out"
mv "$work/out" "$out"
echo "wrote $out:"
ls -l "$out"
