package anthropic

import (
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider"
)

// params builds the Messages request body for req.
func (c *Client) params(req provider.Request) (sdk.MessageNewParams, error) {
	model := req.Model
	if model == "" {
		model = c.model
	}
	if model == "" {
		return sdk.MessageNewParams{}, provider.Errorf(provider.ClassInvalidRequest, 0,
			"anthropic: no model in request or config")
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
	if e := effort(req.Effort, c.maxEffort); e != "" {
		p.OutputConfig.Effort = e
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

// ladder is the effort scale, lowest first; the API accepts every rung as output_config.effort.
var ladder = []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh,
	provider.EffortXHigh, provider.EffortMax}

// effort maps war-room's effort to output_config.effort. The API's scale is the same five
// names, so each maps to itself; ceiling (when set) caps it for models that stop lower.
// Unset or unknown effort sends nothing, leaving the model's default.
func effort(e, ceiling provider.Effort) sdk.OutputConfigEffort {
	i, top := rung(e), rung(ceiling)
	if i < 0 {
		return ""
	}
	if top >= 0 && i > top {
		i = top
	}
	return sdk.OutputConfigEffort(ladder[i])
}

func rung(e provider.Effort) int {
	for i, r := range ladder {
		if r == e {
			return i
		}
	}
	return -1
}
