#!/bin/sh
# generate-pg.sh VERSION: writes the PostgreSQL release fixture of storage/postgres schema VERSION
# into storage/releasetest/testdata/pgVERSION by the bot of the commit pgreleases.txt names for it.
#
# It checks that commit out into a temporary git worktree, starts a throwaway PostgreSQL server
# (Debian's postgresql package: initdb, pg_ctl), copies pg/pgfixture_test.go into the checkout's
# cmd/bot and runs it there: that release's own stores copy the BoltDB fixture pgreleases.txt names
# into a fresh database. pg_dump then writes the database as SQL, which the tests load into a
# fresh database of their own. The worktree and the server are removed afterwards.
set -eu
if [ $# -ne 1 ]; then
	echo "usage: $0 VERSION (one of: $(grep -v '^#' "$(dirname "$0")/pgreleases.txt" | cut -d' ' -f1 | tr '\n' ' '))" >&2
	exit 2
fi
version=$1
gen=$(cd "$(dirname "$0")" && pwd)
line=$(grep "^$version " "$gen/pgreleases.txt" || true)
if [ -z "$line" ]; then
	echo "$0: pgreleases.txt names no release of PostgreSQL schema $version" >&2
	exit 2
fi
commit=$(echo "$line" | cut -d' ' -f2)
from=$(echo "$line" | cut -d' ' -f3)
repo=$(git -C "$gen" rev-parse --show-toplevel)
fixtures=$repo/storage/releasetest/testdata
out=$fixtures/pg$version
bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
work=$(mktemp -d "${TMPDIR:-/tmp}/release-fixture-pg$version.XXXXXX")
cleanup() {
	"$bin/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true
	git -C "$repo" worktree remove --force "$work/src" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
user=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
	# PostgreSQL refuses to run as root: the server and its files belong to nobody.
	user=nobody
	chown nobody "$work"
fi
as() { if [ "$user" = "$(id -un)" ]; then "$@"; else su -s /bin/sh "$user" -c "$*"; fi; }
as "$bin/initdb" -D "$work/pg" -U postgres -A trust --no-sync >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as "$bin/pg_ctl" -D "$work/pg" -l "$work/pg/log" -w -o "'-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off'" start >/dev/null
"$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres carc
url="postgres://postgres@127.0.0.1:$port/carc?sslmode=disable"

git -C "$repo" worktree add --detach --quiet "$work/src" "$commit"
cp "$gen/pg/pgfixture_test.go" "$work/src/cmd/bot/"
mkdir -p "$work/out"
gunzip -c "$fixtures/$from/carcassonne.db.gz" >"$work/from.db"
echo "writing the PostgreSQL fixture of schema $version with the bot of $(git -C "$repo" log -1 --format='%h %ad %s' --date=short "$commit")"
if ! (cd "$work/src" && go test ./cmd/bot -run '^TestWritePostgreSQLReleaseFixture$' -count=1 -timeout 30m -args \
	-pg-fixture-from="$work/from.db" -pg-fixture-url="$url" -pg-fixture-manifest="$work/out/games.json"); then
	echo "$0: the generator failed; $out is unchanged" >&2
	exit 1
fi
# SQL statements alone, which the tests run over an ordinary connection: without psql's own
# \restrict lines (their key is new at every dump), and with a row per INSERT.
"$bin/pg_dump" -h 127.0.0.1 -p "$port" -U postgres --inserts --no-owner --no-privileges --no-comments carc |
	grep -v '^\\\(un\)\{0,1\}restrict ' | gzip -9n >"$work/out/dump.sql.gz"
cat >"$work/out/manifest.json" <<JSON
{
  "format": "carcassonne-maps-bot/postgres-release-fixture",
  "schema": $version,
  "commit": "$commit",
  "subject": $(git -C "$repo" log -1 --format=%s "$commit" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().strip()))'),
  "from": "$from",
  "server": $(as "$bin/postgres" --version | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().strip()))'),
  "copied": $(cat "$work/out/games.json" | sed 's/^/  /' | sed '1s/^  //')
}
JSON
rm "$work/out/games.json"
rm -rf "$out"
mv "$work/out" "$out"
echo "wrote $out:"
ls -l "$out"
