package reviewlane

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// effortLane builds one lane asking effort of a profile whose model takes levels, under
// review.effort_downgrade policy ("" for the default), and dispatches it.
func effortLane(t *testing.T, asked provider.Effort, levels []provider.Effort, policy string, before func(*Dispatcher, *engine.Profile)) (*Result, *engine.Profile) {
	t.Helper()
	f := newFixture(t, map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
	b := f.build(t, f.options(laneSpec{Name: "openai", Profile: "gpt", Family: "openai", Model: "gpt-x", Effort: asked, EffortDowngrade: policy}))
	gpt := scripted("openai", answer("Fine.\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	gpt.Name, gpt.EffortLevels = "gpt", levels
	d := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt})
	if before != nil {
		before(d, gpt)
	}
	res, err := d.Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	return res, gpt
}

var upToHigh = []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh}

// A lane asked for xhigh on a model that takes at most high is refused by default: blocked
// before any call, its check run neutral, and the detail names the key that changes it.
func TestAnEffortTheModelCannotTakeIsRefusedByDefault(t *testing.T) {
	for _, policy := range []string{"", "refuse"} {
		res, gpt := effortLane(t, provider.EffortXHigh, upToHigh, policy, nil)
		assert.Equal(t, statusBlocked, res.Status, "policy %q", policy)
		assert.Equal(t, blockedEffortUnavailable, res.BlockedReason)
		assert.Equal(t, 0, calls(gpt), "no call is made")
		assert.Equal(t, 0, res.Calls)
		assert.Contains(t, res.Detail, "asks effort xhigh")
		assert.Contains(t, res.Detail, "takes at most high")
		assert.Contains(t, res.Detail, "review.effort_downgrade: state")
		conclusion, title := Conclusions{Refuted: "failure", Partial: "neutral"}.Of(res)
		assert.Equal(t, "neutral", conclusion)
		assert.Equal(t, "blocked: effort-unavailable (no call made)", title)
		_, err := res.Marshal()
		assert.NoError(t, err, "the result document's schema knows the reason")
	}
}

// Under state the lane runs at the highest level the model takes, and the result, the check
// run's title and its summary say what was asked and what was sent.
func TestAnEffortLoweredUnderStateIsStated(t *testing.T) {
	res, gpt := effortLane(t, provider.EffortXHigh, upToHigh, "state", nil)
	require.Equal(t, StatusJudged, res.Status, res.Detail)
	assert.Equal(t, provider.EffortHigh, requests(gpt)[0].Effort, "the model got the level it takes")
	assert.Equal(t, "xhigh", res.Reviewer.Effort)
	assert.Equal(t, "high", res.Reviewer.EffortSent)
	_, title := Conclusions{}.Of(res)
	assert.Contains(t, title, "at effort high (asked xhigh)")
	assert.Contains(t, Report(res), "- Effort: asked xhigh, **sent high**: the model takes no higher (review.effort_downgrade: state)\n")
	_, err := res.Marshal()
	assert.NoError(t, err)
}

// A model that takes no effort at all gets none: that is a downgrade too. An effort the
// model takes is sent as asked and stated plainly; no effort asked, nothing stated.
func TestEffortsTheModelTakesRunAsAsked(t *testing.T) {
	res, gpt := effortLane(t, provider.EffortHigh, nil, "", nil)
	assert.Equal(t, blockedEffortUnavailable, res.BlockedReason)
	assert.Contains(t, res.Detail, "takes no effort setting")
	assert.Equal(t, 0, calls(gpt))

	res, gpt = effortLane(t, provider.EffortHigh, nil, "state", nil)
	require.Equal(t, StatusJudged, res.Status)
	assert.Empty(t, requests(gpt)[0].Effort)
	assert.Equal(t, "none", res.Reviewer.EffortSent)
	assert.Contains(t, Report(res), "sent none")

	res, gpt = effortLane(t, provider.EffortHigh, upToHigh, "", nil)
	require.Equal(t, StatusJudged, res.Status)
	assert.Equal(t, provider.EffortHigh, requests(gpt)[0].Effort)
	assert.Contains(t, Report(res), "- Effort: high\n")
	_, title := Conclusions{}.Of(res)
	assert.NotContains(t, title, "effort")

	res, _ = effortLane(t, "", upToHigh, "", nil)
	require.Equal(t, StatusJudged, res.Status)
	assert.NotContains(t, Report(res), "Effort")
}

// A level the vendor refused before (recorded by an earlier call) counts as one the model
// cannot take: refused by default, sent as none under state.
func TestAnEffortTheVendorRefusedBeforeIsRefused(t *testing.T) {
	learned := func(d *Dispatcher, p *engine.Profile) {
		require.NoError(t, engine.LearnRefusal(context.Background(), d.Run.Store, p, "effort", "high",
			errors.New("reasoning.effort is not supported"), d.Run.Now()))
	}
	res, gpt := effortLane(t, provider.EffortHigh, upToHigh, "", learned)
	assert.Equal(t, blockedEffortUnavailable, res.BlockedReason)
	assert.Contains(t, res.Detail, "refused an effort setting")
	assert.Equal(t, 0, calls(gpt))

	res, gpt = effortLane(t, provider.EffortHigh, upToHigh, "state", learned)
	require.Equal(t, StatusJudged, res.Status)
	assert.Empty(t, requests(gpt)[0].Effort)
	assert.Equal(t, "none", res.Reviewer.EffortSent)
}

// refusingKey is a scripted reviewer whose endpoint refuses the key at the preflight.
type refusingKey struct{ *script.Provider }

func (refusingKey) Check(context.Context) error {
	return &provider.Error{Class: provider.ClassInvalidRequest, Status: 401, Err: errors.New("invalid_api_key")}
}

// A lane runs the session's preflight before its call: a reviewer whose key is refused blocks
// the lane, nothing spent, and the detail names the profile to fix.
func TestALaneRunsThePreflightFirst(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
	b := f.build(t, f.options())
	sp := script.New(answer("Fine.\nJUDGMENT: CONFIRMED nonce=" + echoTrueNonce))
	gpt := &engine.Profile{Name: "gpt", Type: "openai", Model: "gpt-x", Endpoint: "api.openai.com", Family: "openai",
		Provider: refusingKey{sp}}
	res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, blockedPreflight, res.BlockedReason)
	assert.Contains(t, res.Detail, "profile gpt failed its preflight")
	assert.Contains(t, res.Detail, "its API key was refused")
	assert.Equal(t, 0, sp.Calls())
	_, err = res.Marshal()
	assert.NoError(t, err)
}
