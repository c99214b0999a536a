package decision

// partKind says what a PhasePart is, and so how far a renderer trusts its text.
type partKind string

// The kinds of part. Heading, Text, Table and Items are war-room's structure: a renderer
// shows them as a heading, a paragraph, a table and a list. Their words are war-room's, but
// they embed values an operator or a model chose (a member label, a model name, an option
// title), so a renderer still sanitises every line, cell and item as one inline phrase (no
// markdown, mention, reference or command survives in it). Quote and Code are untrusted
// text, shown only inside a container it cannot leave.
const (
	// PartHeading is a sub-heading under the phase's title (one line).
	PartHeading partKind = "heading"
	// PartText is war-room's own sentence or paragraph; each line is kept a line.
	PartText partKind = "text"
	// PartTable is a table of one-line cells, in Table.
	PartTable partKind = "table"
	// PartItems is a list of one-line items, in Items.
	PartItems partKind = "items"
	// PartQuote is model text, quoted whole.
	PartQuote partKind = "quote"
	// PartCode is text to be read exactly (a probe's output), fenced whole.
	PartCode partKind = "code"
)

// PhasePart is one piece of a phase's body. A renderer that meets a kind it does not know
// quotes the part's Text, as it would model text.
type PhasePart struct {
	Kind  partKind `json:"kind"`
	Text  string   `json:"text,omitempty"`
	Table *Table   `json:"table,omitempty"`
	Items []string `json:"items,omitempty"`
	// Markers are the contract markers of a quote ("SELECTED", "off_vector"): lines the
	// protocol's parser read and war-room shows in its own words elsewhere, so a renderer
	// leaves them out of the text it shows.
	Markers []string `json:"markers,omitempty"`
}

// HeadingPart is war-room's sub-heading.
func HeadingPart(s string) PhasePart { return PhasePart{Kind: PartHeading, Text: s} }

// TextPart is war-room's own sentence.
func TextPart(s string) PhasePart { return PhasePart{Kind: PartText, Text: s} }

// TablePart is war-room's table; its cells may hold model text, shown inline-sanitised.
func TablePart(columns []string, rows [][]string) PhasePart {
	return PhasePart{Kind: PartTable, Table: &Table{Columns: columns, Rows: rows}}
}

// ItemsPart is war-room's list; its items may hold model text, shown inline-sanitised.
func ItemsPart(items []string) PhasePart { return PhasePart{Kind: PartItems, Items: items} }

// QuotePart is model text; markers name the contract lines in it that a reader is not shown.
func QuotePart(s string, markers ...string) PhasePart {
	return PhasePart{Kind: PartQuote, Text: s, Markers: markers}
}

// CodePart is text read exactly, such as a probe's output.
func CodePart(s string) PhasePart { return PhasePart{Kind: PartCode, Text: s} }
