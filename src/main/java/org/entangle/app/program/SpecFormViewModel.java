package org.entangle.app.program;

import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.SpecFormRecogniser;

/**
 * The spec form kept in sync with the program text, both ways: every
 * change of the text is read back with {@link SpecFormRecogniser}, so the form shows the text's spec or, when the
 * text is not in spec form, nothing but the reason; an edit of the form writes {@link SpecForm#programText()} into
 * the text. The two never disagree: the form's value is always recognised from the current text.
 */
public final class SpecFormViewModel {

    private final StringProperty text;
    private final ReadOnlyObjectWrapper<SpecForm> spec = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper reason = new ReadOnlyStringWrapper();

    /** Follows {@code text} (the program editor's text). */
    public SpecFormViewModel(StringProperty text) {
        this.text = text;
        text.addListener((o, a, b) -> recognise());
        recognise();
    }

    private void recognise() {
        SpecFormRecogniser.Recognition r = SpecFormRecogniser.recognise(text.get());
        reason.set(r.reason());
        spec.set(r.form());
    }

    /**
     * Applies an edit of the form to the current spec and writes its program; returns null, or why the edited spec
     * is not valid (then nothing changes). Refused while the text is a custom program.
     */
    public String edit(UnaryOperator<SpecForm> change) {
        SpecForm current = spec.get();
        if (current == null) return "the program is not in spec form: " + reason.get();
        try {
            SpecForm edited = change.apply(current);
            if (!edited.programText().equals(current.programText())) text.set(edited.programText());
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The spec the program text is, or null when the text is a custom program. */
    public ReadOnlyObjectProperty<SpecForm> specProperty() {
        return spec.getReadOnlyProperty();
    }

    /** Why the text is not in spec form; null when it is. */
    public ReadOnlyStringProperty reasonProperty() {
        return reason.getReadOnlyProperty();
    }
}
