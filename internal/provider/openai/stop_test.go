package openai

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// TestLengthStopIsTruncated: finish_reason length is ClassTruncated whether partial content
// came back or a reasoning model spent the whole budget reasoning and returned none; the
// message names the budget and the reasoning share. A refusal or a content filter is
// ClassRefused.
func TestLengthStopIsTruncated(t *testing.T) {
	vendor.CheckStops(t,
		vendortest.StopCase{File: "chat_completion_length.json", Class: provider.ClassTruncated, Input: 2870,
			Want: "max_completion_tokens 1024 (finish_reason length, 1024 output tokens of which 960 reasoning; a partial answer came back)"},
		vendortest.StopCase{File: "chat_completion_length_empty.json", Class: provider.ClassTruncated, Input: 2870,
			Want: "1024 output tokens of which 1024 reasoning; no answer text came back"},
		vendortest.StopCase{File: "chat_completion_refusal.json", Class: provider.ClassRefused, Input: 120,
			Want: "can't help with writing that exploit"},
		vendortest.StopCase{File: "chat_completion_content_filter.json", Class: provider.ClassRefused, Input: 88,
			Want: "content filter"},
	)
}

func TestPromptCacheKeyIsSentWhereConfigured(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "chat_completion_ok.json"))
	_, err := api.client(Config{Model: "gpt-5", PromptCacheKey: true}).Complete(context.Background(),
		provider.Request{User: "q", CacheKey: "wr-0123456789abcdef"})
	require.NoError(t, err)
	assert.Equal(t, "wr-0123456789abcdef", api.Requests()[0].Body["prompt_cache_key"])
}
