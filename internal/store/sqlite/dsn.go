package sqlite

import (
	"fmt"
	"net/url"
)

// writerParams configure the single write connection.
//
//   - synchronous=FULL: in WAL mode, NORMAL syncs the log only at checkpoints, so a commit
//     survives a process crash but can vanish on power loss or an OS crash. A step result is
//     the engine's promise that the model call will not be repeated (and paid for) on resume,
//     and the next step may publish something that depends on it, so PutStep must not return
//     until the commit is on stable storage. FULL syncs the log at every commit; a write
//     the engine marks derived (made again from stored steps at no cost) switches its own
//     commit to NORMAL and back (inTx), and is durable with the next synced commit.
//   - busy_timeout: wait for another process's write lock instead of failing at once.
//   - foreign_keys: steps, ledger rows, artifacts and gates must belong to a session.
//   - _txlock=immediate: every BeginTx issues BEGIN IMMEDIATE (see Store).
var writerParams = url.Values{
	"_pragma": {
		fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()),
		"synchronous(FULL)",
		"foreign_keys(1)",
	},
	"_txlock": {"immediate"},
}

// writerParamsFor returns writerParams with the chosen synchronous mode.
func writerParamsFor(mode Sync) url.Values {
	out := url.Values{"_txlock": writerParams["_txlock"]}
	for _, p := range writerParams["_pragma"] {
		if p == "synchronous(FULL)" {
			p = "synchronous(" + string(mode) + ")"
		}
		out.Add("_pragma", p)
	}
	return out
}

// readerParams configure the read pool; query_only makes a write sent to the wrong pool fail
// loudly instead of bypassing the single-writer discipline.
var readerParams = url.Values{
	"_pragma": {
		fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()),
		"foreign_keys(1)",
		"query_only(1)",
	},
}
