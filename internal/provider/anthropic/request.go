package anthropic

import (
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// maxBreakpoints is how many cache_control markers one request may carry.
const maxBreakpoints = 4

// messageRequest is the Messages body war-room sends: the fields it sets and nothing else.
// An unset optional field is left out: models without effort or adaptive thinking reject
// output_config and thinking.
type messageRequest struct {
	Model        string        `json:"model"`
	MaxTokens    int64         `json:"max_tokens"`
	Messages     []message     `json:"messages"`
	System       []textBlock   `json:"system,omitempty"`
	OutputConfig *outputConfig `json:"output_config,omitempty"`
	Thinking     *thinking     `json:"thinking,omitempty"`
	// Stream asks for the answer as server-sent events (unless the request says NoStream):
	// the first event tells the engine's warm-up that the prompt is read and cached
	// (provider.Request.Began).
	Stream bool `json:"stream"`
}

// message is a turn: the user's text blocks, or (continuing a paused turn) the assistant's
// content blocks exactly as the API sent them.
type message struct {
	Role    string `json:"role"`
	Content any    `json:"content"`
}

type textBlock struct {
	Type         string        `json:"type"`
	Text         string        `json:"text"`
	CacheControl *cacheControl `json:"cache_control,omitempty"`
}

type cacheControl struct {
	Type string `json:"type"`
}

type outputConfig struct {
	Effort string `json:"effort"`
}

type thinking struct {
	Type string `json:"type"`
}

// params builds the Messages request body for req.
func (c *Client) params(req provider.Request) (messageRequest, error) {
	model, err := httpvendor.Model(req.Model, c.model, "anthropic")
	if err != nil {
		return messageRequest{}, err
	}
	p := messageRequest{
		Model:     model,
		MaxTokens: maxTokens(req),
		Messages:  []message{{Role: "user", Content: userBlocks(req.User, req.CacheBreaks)}},
		Stream:    !req.NoStream,
	}
	if req.System != "" {
		p.System = []textBlock{{Type: "text", Text: req.System}}
	}
	// The API's output_config.effort has war-room's five names, so each maps to itself. No
	// effort sends no output_config at all: models without the knob reject the field.
	if req.Effort != "" {
		p.OutputConfig = &outputConfig{Effort: string(req.Effort)}
	}
	if req.Thinking == provider.ThinkingAdaptive {
		p.Thinking = &thinking{Type: "adaptive"}
	}
	return p, nil
}

func maxTokens(req provider.Request) int64 {
	switch {
	case req.MaxTokens > 0:
		return int64(req.MaxTokens)
	case req.Thinking == provider.ThinkingAdaptive:
		return defaultThinkingMaxTokens
	}
	return defaultMaxTokens
}

// userBlocks splits the user text at its cache breaks, each block that ends at a break
// carrying a cache breakpoint (the last maxBreakpoints of them: the API looks back from a
// breakpoint for shorter prefixes written earlier, so the longest ones matter most). Breaks
// outside the text, out of order, or at its very start are ignored rather than sent, because
// the API rejects empty text blocks.
func userBlocks(user string, breaks []int) []textBlock {
	var cuts []int
	for _, b := range breaks {
		if b > 0 && b <= len(user) && (len(cuts) == 0 || b > cuts[len(cuts)-1]) {
			cuts = append(cuts, b)
		}
	}
	if len(cuts) > maxBreakpoints {
		cuts = cuts[len(cuts)-maxBreakpoints:]
	}
	blocks := make([]textBlock, 0, len(cuts)+1)
	start := 0
	for _, end := range cuts {
		blocks = append(blocks, textBlock{Type: "text", Text: user[start:end], CacheControl: ephemeral})
		start = end
	}
	if start < len(user) || len(blocks) == 0 {
		blocks = append(blocks, textBlock{Type: "text", Text: user[start:]})
	}
	return blocks
}

// ephemeral is the one cache breakpoint kind war-room asks for (the API's default lifetime).
var ephemeral = &cacheControl{Type: "ephemeral"}
