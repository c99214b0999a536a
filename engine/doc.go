// Package engine is the protocol-neutral core of war-room. It owns sessions, durable runs
// (Step, Parallel, Gate), model calls (Call: prompt assembly with fenced inputs, budget,
// ledger, artifact contracts, retry), the Merkle DAG, events and the Decision record every
// protocol produces. It imports nothing of GitHub; adapters (discussions, reviewlane, bot)
// sit around it.
package engine
