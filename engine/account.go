package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/limits"
)

// spendRecordKind is the store record kind daily accounts keep their totals under, keyed
// "<account key>/<YYYY-MM-DD>" (the UTC day).
const spendRecordKind = "spend"

// DailyAccount is an Account that holds each UTC day's spend in the store's records, so
// every process sharing the store sees one total. Totals change by compare-and-swap.
type DailyAccount struct {
	Store Store
	// Key names the account among the store's records ("installation/77").
	Key string
	// What names it in refusals ("installation 77 today").
	What string
	// Limit is the daily ceiling, each cap named by the setting it came from.
	Limit limits.Budget
	// Now is the clock the day is read from (default time.Now).
	Now func() time.Time
	// Warn hears of a charge that could not be recorded (nil: nobody).
	Warn func(string)
}

var _ limits.Account = (*DailyAccount)(nil)

// Allow refuses a call once the day's spend reaches a cap, or when want would pass it.
func (a *DailyAccount) Allow(ctx context.Context, want limits.Spend) error {
	used, _, err := a.read(ctx, a.key())
	if err != nil {
		return fmt.Errorf("%w: the spend of %s cannot be read: %v", ErrBudgetExceeded, a.What, err)
	}
	if why := a.Limit.Refuse(a.What, used, want); why != "" {
		return fmt.Errorf("%w: %s; nothing was sent", ErrBudgetExceeded, why)
	}
	return nil
}

// Spent returns the day's spend so far.
func (a *DailyAccount) Spent(ctx context.Context) (limits.Spend, error) {
	s, _, err := a.read(ctx, a.key())
	return s, err
}

// maxSwaps bounds Charge's compare-and-swap retries; each failed swap means another charge
// succeeded, so only a store that keeps changing under it reaches this.
const maxSwaps = 1000

// Charge adds spent to the day's total.
func (a *DailyAccount) Charge(ctx context.Context, spent limits.Spend) {
	if err := a.add(ctx, a.key(), spent); err != nil && a.Warn != nil {
		a.Warn(fmt.Sprintf("the spend of %s was not recorded: %v", a.What, err))
	}
}

func (a *DailyAccount) add(ctx context.Context, key string, spent limits.Spend) error {
	for range maxSwaps {
		used, raw, err := a.read(ctx, key)
		if err != nil {
			return err
		}
		next, _ := json.Marshal(spendJSON{Tokens: used.Tokens + spent.Tokens, USD: used.USD + spent.USD})
		if raw == nil {
			err = a.Store.CreateRecord(ctx, spendRecordKind, key, next)
			if err == nil {
				return nil
			}
			if !errors.Is(err, ErrExists) {
				return err
			}
			continue
		}
		if ok, err := a.Store.SwapRecord(ctx, spendRecordKind, key, raw, next); err != nil || ok {
			return err
		}
	}
	return fmt.Errorf("the total kept changing: %d attempts to add to it failed", maxSwaps)
}

type spendJSON struct {
	Tokens int64   `json:"tokens"`
	USD    float64 `json:"usd"`
}

// read returns a day's total and its stored bytes (nil when nothing is recorded yet).
func (a *DailyAccount) read(ctx context.Context, key string) (limits.Spend, []byte, error) {
	raw, err := a.Store.GetRecord(ctx, spendRecordKind, key)
	if errors.Is(err, ErrNotFound) {
		return limits.Spend{}, nil, nil
	}
	if err != nil {
		return limits.Spend{}, nil, err
	}
	var s spendJSON
	if err := json.Unmarshal(raw, &s); err != nil {
		return limits.Spend{}, nil, fmt.Errorf("record %s/%s: %w", spendRecordKind, key, err)
	}
	return limits.Spend(s), raw, nil
}

func (a *DailyAccount) key() string {
	now := time.Now
	if a.Now != nil {
		now = a.Now
	}
	return a.Key + "/" + now().UTC().Format(time.DateOnly)
}
