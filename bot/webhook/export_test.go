package webhook

// What the package's external tests look into.
var ValidSignature = validSignature

// MaxSpooling is how many bodies may be in spool files at once.
const MaxSpooling = maxSpooling

// SpoolingTaken is how many spooling turns are taken now.
func (h *Handler) SpoolingTaken() int { return len(h.spooling) }
