// Package engine is the protocol-neutral core of war-room. It owns sessions, durable runs
// (Step, Parallel, Gate), model calls (Call: prompt assembly with fenced inputs, budget,
// ledger, artifact contracts, retry), independence, and the seal of the
// decision every protocol produces (the record itself is engine/decision's). The ceilings it enforces are engine/limits', the book of calls it
// keeps engine/ledger's, the way a protocol's settings check themselves engine/settings', the progress events
// and narrations it emits engine/events', verifying a
// stored or published record engine/verify's (it sits above the engine, reading its store), the
// Merkle DAG and its digest engine/record's, the
// fence and the scrubber engine/promptsafe's, the Provider port and the vendor registry
// engine/provider's; the protocols (protocols/…), the vendor
// adapters (internal/provider/…) and the stores (internal/store/…) sit around it behind its
// ports. It imports nothing of GitHub, configuration or a vendor.
package engine
