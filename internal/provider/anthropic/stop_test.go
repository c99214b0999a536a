package anthropic

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// TestCutOffAnswersAreTruncatedNotAnswers: a max_tokens or context-window stop is
// ClassTruncated and names the budget; a refusal is ClassRefused with the API's explanation.
func TestCutOffAnswersAreTruncatedNotAnswers(t *testing.T) {
	vendor.CheckStops(t,
		vendortest.StopCase{File: "message_max_tokens.json", Class: provider.ClassTruncated,
			Want: "answer cut off at max_tokens 1024 (stop_reason max_tokens", Input: 4210},
		vendortest.StopCase{File: "message_context_window_exceeded.json", Class: provider.ClassTruncated,
			Want: "model_context_window_exceeded", Input: 198790},
		vendortest.StopCase{File: "message_refusal.json", Class: provider.ClassRefused, Want: "working exploit code", Input: 311},
	)
}

// TestAdaptiveThinkingIsSentAndKeptOutOfTheAnswer: thinking "adaptive" sends thinking.type
// adaptive with a budget large enough for thinking; the thinking block before the text never
// reaches the answer, and its tokens are reported inside the output tokens.
func TestAdaptiveThinkingIsSentAndKeptOutOfTheAnswer(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "message_adaptive_thinking.json"))
	resp, err := api.client(Config{Model: "claude-opus-4-6"}).Complete(context.Background(),
		provider.Request{User: "q", Thinking: provider.ThinkingAdaptive, Effort: provider.EffortHigh})
	require.NoError(t, err)
	b := api.Requests()[0].Body
	assert.Equal(t, "adaptive", vendortest.Path(b, "thinking", "type"))
	assert.EqualValues(t, defaultThinkingMaxTokens, b["max_tokens"], "thinking without a budget gets the larger default")
	assert.Equal(t, "high", vendortest.Path(b, "output_config", "effort"))
	assert.Equal(t, "Move the queue to PostgreSQL: one datastore, one backup, transactional enqueue.", resp.Text)
	assert.NotContains(t, resp.Text, "Weigh operational cost")
	assert.Equal(t, int64(2315), resp.Usage.OutputTokens)
	assert.Equal(t, int64(2190), resp.Usage.ThinkingTokens)
	assert.Equal(t, int64(2315+1480), resp.Usage.Total(), "thinking tokens are inside the output, not added")
}

func TestThinkingOffSendsNoThinkingField(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "message_ok.json"))
	_, err := api.client(Config{Model: "m"}).Complete(context.Background(),
		provider.Request{User: "q", Thinking: provider.ThinkingOff})
	require.NoError(t, err)
	assert.NotContains(t, api.Requests()[0].Body, "thinking")
	assert.EqualValues(t, defaultMaxTokens, api.Requests()[0].Body["max_tokens"])
}
