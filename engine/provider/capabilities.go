package provider

// Capabilities are what war-room knows of one model, for the profile defaults an adapter
// offers (from its model catalog and its own rules). A configured key always wins.
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
	// InputPerMTok and OutputPerMTok are the vendor's list prices, US dollars per million
	// tokens; zero means none is known.
	InputPerMTok, OutputPerMTok float64
	// Source says where these come from, in a sentence for the disclosure and doctor.
	Source string
	// Inferred says the model itself is unknown: these are the nearest known version's of
	// its line.
	Inferred bool
}
