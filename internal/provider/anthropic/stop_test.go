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

// A paused turn (stop_reason pause_turn) is not an answer: it goes back as it came, blocks
// and signature untouched, and the model finishes it. The answer is both parts' text, and
// the usage both requests'. (The shape is Anthropic's documented one, not a recording.)
func TestAPausedTurnIsContinued(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "message_pause_turn.json"),
		vendortest.JSONFile(t, http.StatusOK, "message_pause_turn_end.json"))
	resp, err := api.client(Config{Model: "claude-opus-4-8"}).Complete(context.Background(), provider.Request{User: "q"})
	require.NoError(t, err)
	assert.Equal(t, "Keep the queue in PostgreSQL for now: its peak load fits, and one datastore is one backup.", resp.Text)
	assert.Equal(t, provider.Usage{InputTokens: 2200, OutputTokens: 420, ThinkingTokens: 380}, resp.Usage)
	reqs := api.Requests()
	require.Len(t, reqs, 2)
	msgs, _ := reqs[1].Body["messages"].([]any)
	require.Len(t, msgs, 2)
	back, _ := msgs[1].(map[string]any)
	assert.Equal(t, "assistant", back["role"])
	blocks, _ := back["content"].([]any)
	require.Len(t, blocks, 2)
	first, _ := blocks[0].(map[string]any)
	assert.Equal(t, "thinking", first["type"])
	assert.Contains(t, first["signature"], "EqQBCkYIBhgC", "the block goes back as it came")
}

// A turn still paused after every continuation fails as truncated: part of an answer is
// never an answer.
func TestATurnThatStaysPausedIsTruncated(t *testing.T) {
	var replies []vendortest.Reply
	for range maxContinuations + 1 {
		replies = append(replies, vendortest.JSONFile(t, http.StatusOK, "message_pause_turn.json"))
	}
	api := newFakeAPI(t, replies...)
	_, err := api.client(Config{Model: "claude-opus-4-8"}).Complete(context.Background(), provider.Request{User: "q"})
	var pe *provider.Error
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, provider.ClassTruncated, pe.Class)
	assert.Contains(t, err.Error(), "pause_turn")
	assert.Len(t, api.Requests(), maxContinuations+1)
}
