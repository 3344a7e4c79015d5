// Package metrics is the bot's monitoring as a host's operator expects it: Prometheus metrics
// (client_golang) on a listener of their own, /healthz and /readyz. It plugs in around the host
// rather than into it: the host's store (Store), its port (Port), its drawing and its AI (Draw,
// AIMove), the Discord session's HTTP client (Transport) and the pages' handler (Pages) are
// wrapped, and what the host holds is read when scraped (Gauge); cmd/bot does the wiring.
package metrics
