package org.entangle.app.program;

import static org.entangle.app.Controls.button;

import java.time.Duration;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import org.entangle.app.code.CodeAreas;
import org.entangle.app.code.LineNumbers;
import org.entangle.lang.LangError;
import org.fxmisc.richtext.CodeArea;

/**
 * The program editor: a RichTextFX code area with line numbers, highlighting and undo/redo, the line of a parse
 * error underlined, the problems listed below; templates and the spec form; "Ask the angels" and Cancel, with the search's
 * progress and the exact count. The highlighting follows the text and the problems, and is set only when it changes
 * ({@link CodeAreas#restyle}): the problems, found again after each pause in typing, mostly leave it as it was, and
 * setting it again replaced every shown line's nodes.
 */
public final class ProgramPanel extends BorderPane {

    /**
     * The problems list's row height, in px: a one-line cell's own height in the workbench's style sheets. Given to
     * the list, it spares the list from making, styling and measuring a cell to learn it, which JavaFX's list does as
     * its skin is made even when it is empty.
     */
    static final double PROBLEM_ROW_HEIGHT = 22;

    private final CodeArea editor = new CodeArea();

    public ProgramPanel(ProgramViewModel model) {
        editor.setId("program-editor");
        editor.setParagraphGraphicFactory(LineNumbers.of(editor));
        CodeAreas.replace(editor, model.textProperty().get());
        editor.getUndoManager().forgetHistory();
        editor.multiPlainChanges().successionEnds(Duration.ofMillis(300)).subscribe(c -> model.textProperty().set(editor.getText()));
        model.textProperty().addListener((o, a, b) -> {
            if (!b.equals(editor.getText())) CodeAreas.replace(editor, b);
        });
        ListView<LangError> problems = new ListView<>(model.problems());
        problems.setId("problems");
        problems.setFixedCellSize(PROBLEM_ROW_HEIGHT);
        problems.setPlaceholder(new Label("No problems: the program parses."));
        problems.setTooltip(new Tooltip("Problems in the program, located as line:column"));
        problems.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(LangError e, boolean empty) {
                super.updateItem(e, empty);
                setText(empty || e == null ? null : e.getMessage());
            }
        });
        Tooltip hover = new Tooltip();
        Tooltip.install(editor, hover);
        Runnable highlight = () -> {
            int line = model.problems().isEmpty() ? 0 : model.problems().get(0).line();
            CodeAreas.restyle(editor, AngelHighlighter.spans(editor.getText(), line));
            hover.setText(line == 0 ? "The program in the angelic language (!! and ?? are the angels)"
                    : "line " + model.problems().get(0).getMessage());
        };
        model.problems().addListener((ListChangeListener<LangError>) c -> highlight.run());
        editor.textProperty().addListener((o, a, b) -> highlight.run());
        highlight.run();
        MenuButton templates = new MenuButton("Templates");
        templates.setTooltip(new Tooltip("Start from a known program"));
        templates.setId("templates");
        templates.getItems().setAll(TemplateMenu.items(model.textProperty(), model.templates()));
        model.templates().addListener((ListChangeListener<ProgramTemplates.Template>) c ->
                templates.getItems().setAll(TemplateMenu.items(model.textProperty(), model.templates())));
        Label progress = new Label();
        progress.setId("angels-progress");
        progress.textProperty().bind(model.progressProperty());
        Button ask = button("Ask the angels", "Count the safe traces exactly and show up to 1,000 of their networks in the gallery",
                e -> model.askTheAngels());
        ask.setId("ask-angels");
        Button cancel = button("Cancel", "Stop the search within half a second, keeping what was found", e -> model.cancel());
        cancel.setId("angels-cancel");
        FlowPane bar = new FlowPane(8, 6, templates, ask, cancel, progress);
        bar.setPadding(new Insets(6));
        SplitPane body = new SplitPane(CodeAreas.scrolled(editor), problems);
        body.setOrientation(Orientation.VERTICAL);
        body.setDividerPositions(0.8);
        setTop(new javafx.scene.layout.VBox(bar, new SpecFormPane(model.spec())));
        setCenter(body);
    }
}
