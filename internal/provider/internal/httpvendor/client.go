package httpvendor

import (
	"net/http"
)

// MaxIdlePerHost is how many idle connections to one vendor host the shared client keeps for
// the next call. net/http's default transport keeps two, so a wave of more calls to one host
// (a fan-out of seven seats on one profile, or several profiles behind one endpoint) closed
// every connection beyond the second after its answer and dialled a new one for the next
// wave's call: a TCP handshake and two goroutines per call on plain HTTP, a TLS handshake
// too on HTTPS to an endpoint without HTTP/2. The bound only caps what is kept idle; it never
// limits how many calls run at once (max_concurrency does that).
const MaxIdlePerHost = 64

// shared is the client the HTTP adapters use when their Config names none: one transport, so
// one pool of kept-alive connections, for every profile of the process.
var shared = &http.Client{Transport: transport()}

// transport is net/http's default transport (proxy from the environment, dial and TLS
// timeouts, HTTP/2 where the server offers it) with the larger idle pool.
func transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = MaxIdlePerHost
	t.MaxIdleConns = max(t.MaxIdleConns, MaxIdlePerHost)
	return t
}

// Client is hc, or the shared client when hc is nil.
func Client(hc *http.Client) *http.Client {
	if hc == nil {
		return shared
	}
	return hc
}
