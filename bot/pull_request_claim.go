package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// laneRunKind is the record kind that says the lanes of one pull request head, under one
// configuration, have run or are running: GitHub may deliver a pull_request event again
// under a new delivery id (a redelivery, a replay), and every lane would run — and spend —
// again.
const laneRunKind = "lane-run"

// laneRun is a lane-run record: the delivery that runs the lanes, and whether it finished.
type laneRun struct {
	Delivery string `json:"delivery"`
	Done     bool   `json:"done"`
}

// claimLanes says whether this delivery runs the lanes of its head under cfg: the first
// delivery does, and so do its own retries (a crash halfway must finish); another delivery
// of the same head and configuration runs nothing while the first is running or once it
// finished, and says so in the job summary. done marks the run finished, whatever the lanes
// concluded.
func (p *pullRun) claimLanes(ctx context.Context, cfg *loadedConfig) (run bool, done func(), err error) {
	store, err := p.d.OpenStore(ctx)
	if err != nil {
		return false, nil, fmt.Errorf("open the session store: %w", err)
	}
	defer store.Close()
	raw, err := json.Marshal(cfg.Config)
	if err != nil {
		return false, nil, fmt.Errorf("digest the configuration: %w", err)
	}
	sum := sha256.Sum256(raw)
	key := fmt.Sprintf("%s#%d@%s:%s", p.repo, p.ev.Number, p.ev.PullRequest.Head.SHA, hex.EncodeToString(sum[:8]))
	mine, _ := json.Marshal(laneRun{Delivery: p.delivery})
	switch err := store.CreateRecord(ctx, laneRunKind, key, mine); {
	case err == nil:
	case !errors.Is(err, engine.ErrExists):
		return false, nil, fmt.Errorf("claim the lanes of %s: %w", key, err)
	default:
		old, err := store.GetRecord(ctx, laneRunKind, key)
		if err != nil {
			return false, nil, fmt.Errorf("read the lanes' claim %s: %w", key, err)
		}
		var prev laneRun
		if err := json.Unmarshal(old, &prev); err != nil {
			return false, nil, fmt.Errorf("read the lanes' claim %s: %w", key, err)
		}
		if prev.Delivery != p.delivery {
			state := "are running"
			if prev.Done {
				state = "ran"
			}
			p.log.Info("lanes already claimed: this delivery runs nothing", "by", prev.Delivery, "done", prev.Done)
			p.d.summary(fmt.Sprintf("## war-room review\n\nThe lanes %s for head `%s` under this configuration (delivery `%s`); "+
				"this delivery runs nothing.\n", state, shortSHA(p.ev.PullRequest.Head.SHA), prev.Delivery))
			return false, nil, nil
		}
	}
	return true, func() {
		finished, _ := json.Marshal(laneRun{Delivery: p.delivery, Done: true})
		store, err := p.d.OpenStore(context.WithoutCancel(ctx))
		if err == nil {
			defer store.Close()
			err = store.PutRecord(context.WithoutCancel(ctx), laneRunKind, key, finished)
		}
		if err != nil {
			p.log.Warn("could not mark the lanes finished", "err", err)
		}
	}, nil
}
