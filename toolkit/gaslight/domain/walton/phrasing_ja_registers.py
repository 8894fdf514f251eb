"""A suspect's own register in the Japanese cards: how he talks to the inspector, as the mansion declares it
(``register_ja`` on a suspect; English cards are the same in every register).

* ``polite`` (the default): です・ます体, of himself as 私 (a group: 私たち) — the tables of
  :mod:`gaslight.domain.walton.phrasing_ja_tables`;
* ``plain``: plain speech (だ・である体 and its spoken forms: いた, いない, だよ), of himself as 私 (私たち): a guest
  who will not be polite to the police; no sentence holds です or ます;
* ``old``: an old man's old-fashioned speech (老人語: おった, おらん, なんだ, じゃ, のう), of himself as わし (わしら);
  every sentence holds one of its marks (:data:`OLD_MARKS`) and none です or ます.

Tokens and names as in the polite tables (a name already carries the speaker's honorific; no template puts a word
straight after a name but a particle, だ or punctuation).

>>> sorted(REGISTERS_JA)
['old', 'plain', 'polite']
>>> SUSPECT_BY_REGISTER["old"]["in_room"][0]
'事件が始まったとき、{suspect}は{room}におった。間違いない。'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from gaslight.domain.walton.phrasing_ja_tables import FIRST_PERSON, SUSPECT, TESTIMONY

REGISTERS_JA = ("polite", "plain", "old")
DEFAULT_REGISTER = "polite"
# How a suspect of each register speaks of himself (alone, as a group).
WE = MappingProxyType({"polite": ("私", "私たち"), "plain": ("私", "私たち"), "old": ("わし", "わしら")})
# An old-fashioned sentence holds one of these.
OLD_MARKS = ("おっ", "おら", "おる", "おり", "じゃ", "なんだ", "わし", "のう")

SUSPECT_PLAIN: dict[str, tuple[str, ...]] = {
    "motive_testimony": ("{suspect}が『{motive}』のことで{victim}を恨んでいたのは、みんな知っている。",
                         "『{motive}』の件で、{suspect}は{victim}とやり合っていた。この耳で聞いたんだ。",
                         "{suspect}と{victim}の間には『{motive}』をめぐる確執があった。"),
    "motive_clue": ("{scene}で見つかった日記に、{suspect}の{cause}のことが書いてあった。『{motive}』だ。",
                    "{victim}の書類から、{suspect}の{cause}の証拠が出てきたそうだ。『{motive}』のことだよ。"),
    "motive_eliminated": ("警部に聞いたが、{suspect}の『{motive}』は事件と関係ないらしい。",
                          "{suspect}の{cause}、『{motive}』は今度の件とは無関係だと、警察が言っていた。"),
    "in_room": ("事件が始まったとき、{suspect}は{room}にいた。間違いない。",
                "あの騒ぎが始まったとき、{suspect}なら{room}にいたよ。"),
    "not_in_room": ("事件が始まったとき、{suspect}は{room}にはいなかった。",
                    "{room}か。いや、始まったとき{suspect}はそこにいなかったよ。"),
    "seen_in_room": ("{suspect}は最初から最後まで{room}にいて、一歩も外に出なかった。",
                     "{suspect}はずっと{room}にいた。一晩中見ていたんだから間違いない。"),
    "together": ("{suspects}はずっと一緒だった。どっちも相手のそばを離れなかった。",
                 "{suspects}は一晩中並んでいた。離れたところは見ていない。"),
    "trace_found": ("先生がはっきり言うのを聞いた。遺体には{trace}があったそうだ。",
                    "遺体に{trace}があったって、屋敷中の噂だ。"),
    "trace_absent": ("先生が{trace}を探したが、見つからなかったらしい。",
                     "{trace}はなかったと、警部が言っていた。"),
    "weapon_not_used": ("先生の話だと、傷は{weapon}とは合わないそうだ。",
                        "{weapon}ではない。警部が調べさせた。"),
    "may_have_passed": ("あの晩、誰かが{room}を通った。{suspects}だったかもしれない。",
                        "夜中に{room}で足音がした。{suspects}だったのかもしれない。"),
    "room_undisturbed": ("犯人はあの晩、最初から最後まで{room}に足を踏み入れていない。",
                         "{scene}へ行った者は、{room}から出発してもいないし、そこを通ってもいない。"),
    "not_culprit": ("事件のとき、{suspect}は{scene}の近くにはいなかった。誓ってもいい。",
                    "{suspect}のことなら請け合う。犯行の時刻、{scene}からは遠く離れていた。"),
    "conspiring": ("あの晩の{suspect}は何か企んでいた。隅でこそこそ話していたんだ。",
                   "{suspect}は一晩中、誰かと目配せしていた。何か計画があったに違いない。"),
    "not_accomplice": ("一晩中{suspect}を見ていたが、誰にも手を貸していなかった。",
                       "犯人に協力者がいたとしても、{suspect}ではない。"),
    "acted_alone": ("警部の話だと、犯人は誰の助けも借りていないそうだ。",
                    "警察は単独犯だと踏んでいる。誰も手を貸していない。"),
}

FIRST_PERSON_PLAIN: dict[str, tuple[str, ...]] = {
    "in_room": ("事件が始まったとき、{we}は{room}にいた。", "騒ぎが始まったとき、{we}は{room}にいたよ。"),
    "not_in_room": ("事件が始まったとき、{we}は{room}にはいなかった。",
                    "始まったとき、{we}は{room}の近くにもいなかった。"),
    "seen_in_room": ("{we}は最初から最後まで{room}にいて、一歩も出ていない。",
                     "{we}は一晩中{room}から出なかった。誰にでも聞いてくれ。"),
    "together": ("{we}は{suspects}とずっと一緒にいた。", "{suspects}に聞いてくれ。{we}は一晩中そばにいた。"),
    "not_culprit": ("{we}は{victim}を殺していない。できるはずがない。",
                    "誰が何と言おうと、{victim}を殺したのは{we}ではない。"),
    "not_accomplice": ("{we}はあの晩、誰にも手を貸していない。", "協力者がいたとしても、{we}ではない。"),
    "may_have_passed": ("{we}は{room}を通ったかもしれない。それは認める。",
                        "あの晩、{we}は{room}を通ったかもしれない。よく覚えていないんだ。"),
}

TESTIMONY_PLAIN: dict[str, tuple[str, ...]] = {
    "secret": ("{suspect}には知られたくない秘密があって、{victim}はそれを知っていた。『{motive}』だ。",
               "{suspect}は『{motive}』を{victim}に暴かれるのを恐れていた。"),
    "debt": ("{suspect}は『{motive}』のせいで、{victim}に金を返せずにいた。",
             "{victim}が取り立てていたら、{suspect}は破滅していたはずだ。『{motive}』のことだ。"),
    "misdeed": ("{victim}は{suspect}のしたことを知っていた。『{motive}』だ。",
                "{suspect}は『{motive}』のことで、{victim}に警察へ突き出されるのを恐れていた。"),
}

SUSPECT_OLD: dict[str, tuple[str, ...]] = {
    "motive_testimony": ("{suspect}が『{motive}』のことで{victim}を恨んでおったのは、皆が知っておる。",
                         "『{motive}』の件で、{suspect}は{victim}と言い争っておった。わしもこの耳で聞いたのじゃ。",
                         "{suspect}と{victim}の間には、『{motive}』をめぐる確執があったのじゃ。"),
    "motive_clue": ("{scene}で見つかった日記に、{suspect}の{cause}のことが書いてあったそうじゃ。『{motive}』じゃよ。",
                    "{victim}の書類の中に、{suspect}の{cause}の証拠があったと聞いておる。『{motive}』のことじゃ。"),
    "motive_eliminated": ("警部の話では、{suspect}の『{motive}』は事件とは関わりがないそうじゃ。",
                          "{suspect}の{cause}、『{motive}』は此度の件とは無縁じゃと、警察から聞いた。"),
    "in_room": ("事件が始まったとき、{suspect}は{room}におった。間違いない。",
                "あの騒ぎが始まったとき、{suspect}なら{room}におったぞ。"),
    "not_in_room": ("事件が始まったとき、{suspect}は{room}にはおらなんだ。",
                    "{room}か。いや、始まったとき{suspect}はそこにはおらんかった。"),
    "seen_in_room": ("{suspect}は初めから終いまで{room}におって、一歩も外へ出なんだ。",
                     "{suspect}はずっと{room}におった。一晩中見ておったから間違いはない。"),
    "together": ("{suspects}はずっと一緒におった。どちらも相手のそばを離れなんだ。",
                 "{suspects}は一晩中並んでおった。離れたところは見ておらん。"),
    "trace_found": ("先生がはっきり言うておった。遺体には{trace}があったそうじゃ。",
                    "遺体に{trace}があったと、屋敷中の噂じゃ。"),
    "trace_absent": ("先生が{trace}を探したが、見つからなんだそうじゃ。",
                     "{trace}はなかったと、警部が言うておった。"),
    "weapon_not_used": ("先生の話では、傷は{weapon}とは合わんそうじゃ。",
                        "{weapon}ではない。警部が調べさせておった。"),
    "may_have_passed": ("あの晩、誰かが{room}を通りおった。{suspects}だったかもしれん。",
                        "夜更けに{room}で足音がしたのじゃ。{suspects}だったのかもしれんのう。"),
    "room_undisturbed": ("犯人はあの晩、初めから終いまで{room}に足を踏み入れておらん。",
                         "{scene}へ行った者は、{room}から出てもおらんし、そこを通ってもおらん。"),
    "not_culprit": ("事件のとき、{suspect}は{scene}の近くにはおらなんだ。わしが請け合う。",
                    "{suspect}のことなら保証しよう。犯行の時刻、{scene}からは遠く離れておった。"),
    "conspiring": ("あの晩の{suspect}は何か企んでおった。隅でこそこそ話しておったのじゃ。",
                   "{suspect}は一晩中、誰かと目配せしておった。何か企みがあったに相違ない。"),
    "not_accomplice": ("一晩中{suspect}を見ておったが、誰にも手を貸してはおらなんだ。",
                       "犯人に手を貸した者がおったとしても、{suspect}ではない。"),
    "acted_alone": ("警部の話では、犯人は誰の助けも借りておらんそうじゃ。",
                    "警察は一人の仕業と見ておる。誰も手を貸してはおらん。"),
}

FIRST_PERSON_OLD: dict[str, tuple[str, ...]] = {
    "in_room": ("事件が始まったとき、{we}は{room}におった。", "騒ぎが始まったとき、{we}は{room}におったのじゃ。"),
    "not_in_room": ("事件が始まったとき、{we}は{room}にはおらなんだ。",
                    "始まったとき、{we}は{room}の近くにもおらんかった。"),
    "seen_in_room": ("{we}は初めから終いまで{room}におって、一歩も出ておらん。",
                     "{we}は一晩中{room}から出なんだ。誰にでも聞くがよい。"),
    "together": ("{we}は{suspects}とずっと一緒におった。", "{suspects}に聞くがよい。{we}は一晩中そばにおった。"),
    "not_culprit": ("{we}は{victim}を殺してなどおらん。できるはずがない。",
                    "誰が何と言おうと、{victim}を殺したのは{we}ではない。"),
    "not_accomplice": ("{we}はあの晩、誰にも手を貸してはおらん。", "手を貸した者がおったとしても、{we}ではないぞ。"),
    "may_have_passed": ("{we}は{room}を通ったかもしれん。それは認めよう。",
                        "あの晩、{we}は{room}を通ったかもしれんのう。よう覚えておらん。"),
}

TESTIMONY_OLD: dict[str, tuple[str, ...]] = {
    "secret": ("{suspect}には知られとうない秘密があってな、{victim}はそれを知っておった。『{motive}』じゃ。",
               "{suspect}は『{motive}』を{victim}に暴かれるのを恐れておった。"),
    "debt": ("{suspect}は『{motive}』のせいで、{victim}に金を返せずにおった。",
             "{victim}が取り立てておったら、{suspect}は破滅しておったはずじゃ。『{motive}』のことじゃ。"),
    "misdeed": ("{victim}は{suspect}のしたことを知っておった。『{motive}』じゃ。",
                "{suspect}は『{motive}』のことで、{victim}に警察へ突き出されるのを恐れておった。"),
}

# register -> what a suspect says of others, of himself, and of a motive that is no grievance
SUSPECT_BY_REGISTER: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"polite": SUSPECT, "plain": SUSPECT_PLAIN, "old": SUSPECT_OLD})
FIRST_PERSON_BY_REGISTER: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"polite": FIRST_PERSON, "plain": FIRST_PERSON_PLAIN, "old": FIRST_PERSON_OLD})
TESTIMONY_BY_REGISTER: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {"polite": TESTIMONY["suspect"], "plain": TESTIMONY_PLAIN, "old": TESTIMONY_OLD})
