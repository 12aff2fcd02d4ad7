package org.entangle.app.generalise;

import static org.entangle.app.Controls.button;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import org.entangle.app.code.CodeAreas;
import org.entangle.app.code.CodeHighlighter;
import org.entangle.generalize.synth.Synthesizer;
import org.fxmisc.richtext.CodeArea;

/**
 * A sketch's synthesised program: the filled text with each filled hole marked inline, the holes' expressions, and a button that puts the program into the editor.
 */
final class SynthesisPane extends BorderPane {

    /** A hole in the sketch's text: {@code ??} with its optional annotation {@code {size: 3}}. */
    private static final Pattern HOLE = Pattern.compile("\\?\\?(\\{[^}]*\\})?");

    private final CodeArea filled = CodeAreas.create(CodeHighlighter.ANGELIC, false);

    SynthesisPane(GeneraliseViewModel model) {
        filled.setId("synthesis-program");
        Label summary = new Label("Synthesize fills a sketch's ?? holes so that it reproduces the example and verifies "
                + "at N = 1, 2, 4, … up to the range's end.");
        summary.setId("synthesis-summary");
        summary.setWrapText(true);
        Button use = button("Use this program", "Replace the editor's sketch by the synthesised program", e -> model.useSynthesis());
        use.setDisable(true);
        java.util.function.Consumer<Synthesizer.Result> show = r -> {
            use.setDisable(r == null || !r.found());
            if (r == null) return;
            summary.setText(describe(r));
            if (r.found()) {
                String sketch = model.sourceProperty().get();
                CodeAreas.show(filled, CodeHighlighter.ANGELIC, r.fillings().get(0).program());
                markFilled(sketch, r.fillings().get(0).program());
            } else {
                filled.replaceText("");
            }
        };
        model.synthesisProperty().addListener((o, a, r) -> show.accept(r));
        show.accept(model.synthesisProperty().get());
        FlowPane top = new FlowPane(8, 6, use, summary);
        top.setPadding(new Insets(6));
        summary.prefWidthProperty().bind(widthProperty().subtract(170));
        setTop(top);
        setCenter(CodeAreas.scrolled(filled));
    }

    private static String describe(Synthesizer.Result r) {
        if (!r.found()) return "No filling: " + r.failure();
        Synthesizer.Filling f = r.fillings().get(0);
        StringBuilder s = new StringBuilder("Filled (size " + f.size() + ", verified up to N = " + f.verifiedUpTo() + ", "
                + r.candidatesTried() + " candidates, counterexamples " + r.counterexamples() + "):");
        f.holes().forEach((id, e) -> s.append("  hole ").append(id + 1).append(": ").append(e));
        return s.toString();
    }

    /** Marks each filled hole: the text standing, in the filled line, where the sketch line has a hole. */
    private void markFilled(String sketch, String program) {
        List<String> before = sketch.lines().toList();
        List<String> after = program.lines().toList();
        if (before.size() != after.size()) return;
        for (int i = 0; i < after.size(); i++) {
            String[] literals = HOLE.split(before.get(i), -1);
            if (literals.length < 2) continue;
            for (int[] span : fills(literals, after.get(i))) filled.setStyle(i, span[0], span[1], List.of("filled"));
        }
    }

    /** The spans between consecutive literals of the sketch line in the filled line, or none when they do not match. */
    static List<int[]> fills(String[] literals, String line) {
        List<int[]> spans = new ArrayList<>();
        if (!line.startsWith(literals[0])) return List.of();
        int pos = literals[0].length();
        for (int k = 1; k < literals.length; k++) {
            boolean last = k == literals.length - 1;
            int at = last ? line.length() - literals[k].length() : line.indexOf(literals[k], pos + 1);
            if (at < pos || (last && !line.endsWith(literals[k]))) return List.of();
            spans.add(new int[] {pos, at});
            pos = at + literals[k].length();
        }
        return spans;
    }
}
