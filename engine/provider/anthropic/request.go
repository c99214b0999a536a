package anthropic

import (
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
)

// params builds the Messages request body for req.
func (c *Client) params(req provider.Request) (sdk.MessageNewParams, error) {
	model, err := httpvendor.Model(req.Model, c.model, "anthropic")
	if err != nil {
		return sdk.MessageNewParams{}, err
	}
	maxTokens := int64(req.MaxTokens)
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	p := sdk.MessageNewParams{
		Model:     sdk.Model(model),
		MaxTokens: maxTokens,
		Messages:  []sdk.MessageParam{sdk.NewUserMessage(userBlocks(req.User, req.CacheablePrefix)...)},
	}
	if req.System != "" {
		p.System = []sdk.TextBlockParam{{Text: req.System}}
	}
	// The API's output_config.effort has war-room's five names, so each maps to itself.
	if e := httpvendor.CapEffort(req.Effort, c.maxEffort); e != "" {
		p.OutputConfig.Effort = sdk.OutputConfigEffort(e)
	}
	return p, nil
}

// userBlocks splits the user text so the stable prefix shared by a session's calls ends in a
// cache breakpoint. A prefix that is not a prefix of user is ignored rather than sent, because
// sending it would change the prompt. When the prefix is the whole text it is one cached
// block: the API rejects empty text blocks.
func userBlocks(user, prefix string) []sdk.ContentBlockParamUnion {
	if prefix == "" || !strings.HasPrefix(user, prefix) {
		return []sdk.ContentBlockParamUnion{sdk.NewTextBlock(user)}
	}
	cached := sdk.NewTextBlock(prefix)
	cached.OfText.CacheControl = sdk.NewCacheControlEphemeralParam()
	rest := user[len(prefix):]
	if rest == "" {
		return []sdk.ContentBlockParamUnion{cached}
	}
	return []sdk.ContentBlockParamUnion{cached, sdk.NewTextBlock(rest)}
}
