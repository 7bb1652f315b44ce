/**
 * Bank logos from the thai-banks-logo package (ISC licence, see apps/player/README.md), bundled by Vite as our
 * own assets: nothing is fetched from the internet. Keyed by our bank codes (packages/contract/src/banks.ts).
 * The package has no logo for 020 (Standard Chartered) and 026 (Mega): those keep the drawn badge.
 */
import baac from 'thai-banks-logo/icons/BAAC.png'
import bay from 'thai-banks-logo/icons/BAY.png'
import bbl from 'thai-banks-logo/icons/BBL.png'
import cimb from 'thai-banks-logo/icons/CIMB.png'
import citi from 'thai-banks-logo/icons/CITI.png'
import ghb from 'thai-banks-logo/icons/GHB.png'
import gsb from 'thai-banks-logo/icons/GSB.png'
import ibank from 'thai-banks-logo/icons/IBANK.png'
import icbc from 'thai-banks-logo/icons/ICBC.png'
import kbank from 'thai-banks-logo/icons/KBANK.png'
import kkp from 'thai-banks-logo/icons/KKP.png'
import ktb from 'thai-banks-logo/icons/KTB.png'
import lhb from 'thai-banks-logo/icons/LHB.png'
import scb from 'thai-banks-logo/icons/SCB.png'
import tcrb from 'thai-banks-logo/icons/TCRB.png'
import tisco from 'thai-banks-logo/icons/TISCO.png'
import trueMoney from 'thai-banks-logo/icons/TrueMoney.png'
import ttb from 'thai-banks-logo/icons/TTB.png'
import uob from 'thai-banks-logo/icons/UOB.png'

export const bankLogos: Readonly<Record<string, string>> = {
  '002': bbl,
  '004': kbank,
  '006': ktb,
  // 011, 065 and 076 are all ttb since the TMB-Thanachart merger.
  '011': ttb,
  '014': scb,
  '017': citi,
  '022': cimb,
  '024': uob,
  '025': bay,
  '030': gsb,
  '033': ghb,
  '034': baac,
  '065': ttb,
  '066': ibank,
  '067': tisco,
  '069': kkp,
  '070': icbc,
  '071': tcrb,
  '073': lhb,
  '076': ttb,
  '140': trueMoney,
}
