// Package httpvendor holds what the HTTP provider adapters (anthropic, openai) share once each
// vendor's SDK has made its call: which HTTP statuses are worth retrying, how long the vendor
// asks us to wait, how a failure is put into words (and which configured setting a rejection
// names), and the small defaults every Config applies. Nothing here knows a vendor's request
// or response shapes; those stay in the adapters, which pass their vendor-specific readings in
// as functions. Nothing here retries: the SDKs' retries are off, and the engine is the one
// layer that retries a call.
package httpvendor
