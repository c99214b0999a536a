package anthropic

import (
	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
)

// maxBreakpoints is how many cache_control markers one request may carry.
const maxBreakpoints = 4

// params builds the Messages request body for req.
func (c *Client) params(req provider.Request) (sdk.MessageNewParams, error) {
	model, err := httpvendor.Model(req.Model, c.model, "anthropic")
	if err != nil {
		return sdk.MessageNewParams{}, err
	}
	p := sdk.MessageNewParams{
		Model:     sdk.Model(model),
		MaxTokens: maxTokens(req),
		Messages:  []sdk.MessageParam{sdk.NewUserMessage(userBlocks(req.User, req.CacheBreaks)...)},
	}
	if req.System != "" {
		p.System = []sdk.TextBlockParam{{Text: req.System}}
	}
	// The API's output_config.effort has war-room's five names, so each maps to itself. No
	// effort sends no output_config at all: models without the knob reject the field.
	if req.Effort != "" {
		p.OutputConfig.Effort = sdk.OutputConfigEffort(req.Effort)
	}
	if req.Thinking == provider.ThinkingAdaptive {
		p.Thinking = sdk.ThinkingConfigParamUnion{OfAdaptive: &sdk.ThinkingConfigAdaptiveParam{}}
	}
	return p, nil
}

func maxTokens(req provider.Request) int64 {
	switch {
	case req.MaxTokens > 0:
		return int64(req.MaxTokens)
	case req.Thinking == provider.ThinkingAdaptive:
		return DefaultThinkingMaxTokens
	}
	return DefaultMaxTokens
}

// userBlocks splits the user text at its cache breaks, each block that ends at a break
// carrying a cache breakpoint (the last maxBreakpoints of them: the API looks back from a
// breakpoint for shorter prefixes written earlier, so the longest ones matter most). Breaks
// outside the text, out of order, or at its very start are ignored rather than sent, because
// the API rejects empty text blocks.
func userBlocks(user string, breaks []int) []sdk.ContentBlockParamUnion {
	var cuts []int
	for _, b := range breaks {
		if b > 0 && b <= len(user) && (len(cuts) == 0 || b > cuts[len(cuts)-1]) {
			cuts = append(cuts, b)
		}
	}
	if len(cuts) > maxBreakpoints {
		cuts = cuts[len(cuts)-maxBreakpoints:]
	}
	var blocks []sdk.ContentBlockParamUnion
	start := 0
	for _, end := range cuts {
		b := sdk.NewTextBlock(user[start:end])
		b.OfText.CacheControl = sdk.NewCacheControlEphemeralParam()
		blocks = append(blocks, b)
		start = end
	}
	if start < len(user) || len(blocks) == 0 {
		blocks = append(blocks, sdk.NewTextBlock(user[start:]))
	}
	return blocks
}
