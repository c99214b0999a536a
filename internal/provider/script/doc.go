// Package script is a deterministic provider.Provider for tests and benchmarks.
//
// Its output is scripted — not a model. Every Response it returns has Scripted set and Model
// "script", so that anything shown to a person can say so. A Script lists canned answers keyed
// on the request's role, the role's call index and an optional regexp over the user text; the
// answer text is a text/template over the request, so a scripted reviewer can echo a nonce it
// finds in its prompt. Latency is simulated and honours cancellation, which makes the package
// usable for benchmarks of the engine's scheduling without a network.
package script
