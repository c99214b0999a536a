package openai

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

// TestLengthStopIsTruncated: finish_reason length is ClassTruncated whether partial content
// came back or a reasoning model spent the whole budget reasoning and returned none; the
// message names the budget and the reasoning share, and the usage is kept.
func TestLengthStopIsTruncated(t *testing.T) {
	cases := []struct{ file, want string }{
		{"chat_completion_length.json", "max_completion_tokens 1024 (finish_reason length, 1024 output tokens of which 960 reasoning; a partial answer came back)"},
		{"chat_completion_length_empty.json", "1024 output tokens of which 1024 reasoning; no answer text came back"},
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
			assert.Equal(t, int64(2870), resp.Usage.InputTokens)
			assert.Len(t, api.Requests(), 1)
		})
	}
}

func TestPromptCacheKeyIsSentWhereConfigured(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "chat_completion_ok.json"))
	_, err := api.client(Config{Model: "gpt-5", PromptCacheKey: true}).Complete(context.Background(),
		provider.Request{User: "q", CacheKey: "wr-0123456789abcdef"})
	require.NoError(t, err)
	assert.Equal(t, "wr-0123456789abcdef", api.Requests()[0].Body["prompt_cache_key"])
}
