package anthropic

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/internal/vendortest"
)

// TestCutOffAnswersAreTruncatedNotAnswers: a max_tokens or context-window stop is
// ClassTruncated, names the budget, and keeps the usage so the budget still counts it.
func TestCutOffAnswersAreTruncatedNotAnswers(t *testing.T) {
	cases := []struct {
		file, want string
		input      int64
	}{
		{"message_max_tokens.json", "answer cut off at max_tokens 1024 (stop_reason max_tokens", 4210},
		{"message_context_window_exceeded.json", "model_context_window_exceeded", 198790},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, tc.file))
			resp, err := api.client(Config{Model: "m"}).Complete(context.Background(),
				provider.Request{User: "q", MaxTokens: 1024})
			var pe *provider.Error
			require.True(t, errors.As(err, &pe), "want a provider error, got %v", err)
			assert.Equal(t, provider.ClassTruncated, pe.Class)
			assert.Contains(t, err.Error(), tc.want)
			assert.Equal(t, tc.input, resp.Usage.InputTokens)
			assert.Len(t, api.Requests(), 1)
		})
	}
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
	assert.EqualValues(t, DefaultThinkingMaxTokens, b["max_tokens"], "thinking without a budget gets the larger default")
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
	assert.EqualValues(t, DefaultMaxTokens, api.Requests()[0].Body["max_tokens"])
}
