# Grubmap's commands. `make run` and `make test` install what is missing first.
SWIFT ?= swift
PORT ?= 8080
HOST ?= 127.0.0.1
DATABASE ?= .grubmap/grubmap.sqlite

.PHONY: run run-tls build check test soak fuzz lint bench screenshots clean

run:
	@scripts/install-deps run
	$(SWIFT) build --product grubmap
	.build/debug/grubmap serve --demo --host $(HOST) --port $(PORT) --database $(DATABASE)

# The demo over HTTPS for phones on the same network: a certificate made here, and how to trust it on a phone.
run-tls:
	@scripts/install-deps run
	$(SWIFT) build --product grubmap
	scripts/run-tls .build/debug/grubmap

build:
	@scripts/install-deps run
	$(SWIFT) build

# The fast tier while you work: swift test without the slow suites (tagged .slow; GRUBMAP_TESTS=fast skips them)
# and without PostgreSQL (no GRUBMAP_TEST_POSTGRES_URL), then the lint. make test runs everything.
check:
	$(SWIFT) build --build-tests
	GRUBMAP_TESTS=fast $(SWIFT) test --skip-build
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz

GEODESIC_CASES := .build/geodesic-cases.tsv

test:
	@scripts/install-deps test
	@scripts/python-env
	@mkdir -p .build
	.venv/bin/python scripts/geodesic-cases.py 5000 20261130 > $(GEODESIC_CASES).tmp && mv $(GEODESIC_CASES).tmp $(GEODESIC_CASES)
	$(SWIFT) build --build-tests
	scripts/postgres-test-cluster run env GRUBMAP_GEODESIC_CASES=$(GEODESIC_CASES) $(SWIFT) test --skip-build
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz
	scripts/smoke-test .build/debug/grubmap
	scripts/attack-test .build/debug/grubmap
	scripts/crowd-test .build/debug/grubmap
	scripts/postgres-test-cluster run scripts/durability-test .build/debug/grubmap 20
	scripts/fuzz 30
	scripts/lb-test .build/debug/grubmap
	scripts/postgres-test-cluster run .venv/bin/python -m pytest -q -p no:cacheprovider Tests/Ecosystem
	.venv/bin/python -m pytest -q -p no:cacheprovider -n 2 Tests/Browser

# The kill -9 durability run at length: 100 cycles on SQLite and on PostgreSQL.
soak:
	@scripts/install-deps test
	$(SWIFT) build --product grubmap
	scripts/postgres-test-cluster run scripts/durability-test .build/debug/grubmap 100

# Every libFuzzer harness for FUZZ_SECONDS each (make test runs them for 30 s).
FUZZ_SECONDS ?= 600
fuzz:
	@scripts/install-deps run
	scripts/fuzz $(FUZZ_SECONDS)

screenshots:
	@scripts/install-deps test
	@scripts/python-env
	$(SWIFT) build --product grubmap
	cd Tests/Browser && ../../.venv/bin/python screenshots.py ../../screenshots $(SCREENSHOTS_ARGS)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz

bench:
	@scripts/install-deps bench
	scripts/bench
	scripts/bench-streams
	scripts/bench-streams-postgres
	scripts/bench-geodesic
	scripts/bench-postgres
	scripts/bench-spatial
	scripts/bench-push
	scripts/bench-photo
	scripts/bench-routes

clean:
	rm -rf .build
