// Package engine is the protocol-neutral runtime of war-room. It owns sessions, durable runs
// (Step, Parallel, Gate), model calls (Call: prompt assembly with fenced inputs, budget,
// ledger, artifact contracts, retry), independence, the baseline vote, and the seal of the
// decision every protocol produces.
//
// Its vocabulary sits below it in packages of their own, none of which imports it: the
// decision record (engine/decision), the ceilings it enforces (engine/limits), the book of calls
// it keeps (engine/ledger), the progress events and narrations it emits (engine/events), how a
// protocol's settings check themselves (engine/settings), the Merkle DAG and its digest
// (engine/record), the fence and the scrubber (engine/promptsafe), and the Provider port with
// the vendor registry (engine/provider). Its readers sit above it: engine/verify recomputes a
// stored or published record, engine/estimate forecasts a session. The protocols
// (protocols/…), the vendor adapters (internal/provider/…) and the stores (internal/store/…)
// sit around it behind its ports. It imports nothing of GitHub, configuration or a vendor.
package engine
