package openai

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// Gemini's compatible endpoint counts its thinking only in total_tokens (the shape Google
// documents and a real answer showed: prompt 66, completion 6, total 100). The 28 tokens
// beyond prompt and completion are thinking, billed as output: they are counted so, and the
// profile's cost prices them.
func TestGeminiThinkingInTotalTokensIsCounted(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "chat_completion_gemini_thinking.json"))
	resp, err := api.client(Config{Model: "gemini-2.5-flash"}).Complete(context.Background(), provider.Request{User: "q"})
	require.NoError(t, err)
	assert.Equal(t, provider.Usage{InputTokens: 66, OutputTokens: 34, ThinkingTokens: 28}, resp.Usage)
	assert.Equal(t, int64(100), resp.Usage.Total(), "every billed token is counted")
}

// Gemini's list-wrapped 429 names its wait in the body (google.rpc.RetryInfo); the wait is
// honoured as a retry-after and the message is read out of the list.
func TestGeminiRetryDelayIsHonoured(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusTooManyRequests, "error_gemini_retry_delay.json"))
	_, err := api.client(Config{Model: "gemini-2.5-flash"}).Complete(context.Background(), provider.Request{User: "q"})
	var pe *provider.Error
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, 28*time.Second, pe.RetryAfter)
	assert.Contains(t, err.Error(), "RESOURCE_EXHAUSTED: Resource has been exhausted")
	assert.NotContains(t, err.Error(), "[{")
}

// A local reasoning model without a reasoning parser leaves <think>…</think> at the start of
// its content: the answer is what follows, and the thought is counted as thinking.
func TestLeadingThinkBlockLeavesTheAnswer(t *testing.T) {
	for content, want := range map[string]string{
		"<think>\nThe queue is small; PostgreSQL suffices.\n</think>\n\nKeep PostgreSQL.": "Keep PostgreSQL.",
		"  <thinking>weigh it</thinking>Keep it.":                                         "Keep it.",
		"Keep PostgreSQL. <think>not leading</think>":                                     "Keep PostgreSQL. <think>not leading</think>",
		"<think>still thinking when the budget ran out":                                   "",
	} {
		answer, _ := splitThinking(content)
		assert.Equal(t, want, answer, content)
	}
	resp, err := toResponse(&chatCompletion{Choices: []chatChoice{{FinishReason: "stop"}}, Usage: chatUsage{PromptTokens: 10, CompletionTokens: 40}}, chatRequest{})
	require.NoError(t, err)
	assert.Zero(t, resp.Usage.ThinkingTokens)
	cc := chatCompletion{Choices: []chatChoice{{FinishReason: "stop"}}, Usage: chatUsage{PromptTokens: 10, CompletionTokens: 40}}
	cc.Choices[0].Message.Content = "<think>" + string(make([]byte, 80)) + "</think>Keep it."
	resp, err = toResponse(&cc, chatRequest{})
	require.NoError(t, err)
	assert.Equal(t, "Keep it.", resp.Text)
	assert.Equal(t, int64(20), resp.Usage.ThinkingTokens)
}
