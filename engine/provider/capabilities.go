package provider

// Capabilities are what a vendor documents about one model, for the profile defaults an
// adapter package offers (anthropic.Known, openai.Known). A configured key always wins.
type Capabilities struct {
	// EffortLevels are the effort levels the model accepts, lowest first; empty means the
	// model takes no effort parameter and none may be sent.
	EffortLevels []Effort
	// Thinking is what the vendor recommends for the model.
	Thinking Thinking
	// ContextTokens is the context window: prompt and answer together.
	ContextTokens int
	// MaxOutputTokens is the largest output budget the model accepts.
	MaxOutputTokens int
	// CacheRead and CacheWrite price cached input as multiples of the input price (0.1 is a
	// tenth of it); zero means the vendor documents no such price.
	CacheRead, CacheWrite float64
}
